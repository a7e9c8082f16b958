// Waits until one block has arrived over the fabric (the flag, a word of an
// L1 buffer on this core, counts it).
#include <cstdint>

void kernel_main() { noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0)), 1); }
