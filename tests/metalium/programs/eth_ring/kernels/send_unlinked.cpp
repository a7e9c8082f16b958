// Sends over this ethernet core's channel, whatever its link.
#include <cstdint>

void kernel_main() {
  const uint32_t l1 = get_arg_val<uint32_t>(0);
  eth_send_bytes(l1, l1, 64);
}
