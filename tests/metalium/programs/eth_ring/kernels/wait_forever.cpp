// Waits for bytes no chip sends.
#include <cstdint>

void kernel_main() { eth_wait_for_bytes(get_arg_val<uint32_t>(0)); }
