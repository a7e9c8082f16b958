// Sends `count` blocks of `bytes` over this ethernet core's link, each
// acknowledged by the receiver before the next.
#include <cstdint>

void kernel_main() {
  const uint32_t bytes = get_arg_val<uint32_t>(0);
  const uint32_t l1 = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  for (uint32_t i = 0; i < count; ++i) {
    eth_send_bytes(l1, l1, bytes);
    eth_wait_for_receiver_done();
  }
}
