// Writes through a null pointer: on a card a hang or a watcher report; here
// the run fails.
#include <cstdint>

void kernel_main() {
  volatile uint32_t* p = reinterpret_cast<volatile uint32_t*>(static_cast<uintptr_t>(get_arg_val<uint32_t>(0)));
  *p = 1;
}
