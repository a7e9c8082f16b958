// Receives `count` blocks of `bytes`, acknowledging each.
#include <cstdint>

void kernel_main() {
  const uint32_t bytes = get_arg_val<uint32_t>(0);
  const uint32_t count = get_arg_val<uint32_t>(2);
  for (uint32_t i = 0; i < count; ++i) {
    eth_wait_for_bytes(bytes);
    eth_receiver_done();
  }
}
