// Receives the tile on this ethernet core, adds one to every word, keeps a
// copy in this chip's DRAM and, unless the tile is home, hands it to the
// chip's sending core.
#include <cstdint>

void kernel_main() {
  const uint32_t bytes = get_arg_val<uint32_t>(0);
  const uint32_t l1 = get_arg_val<uint32_t>(1);
  const uint32_t copy_addr = get_arg_val<uint32_t>(2);
  const uint32_t forward = get_arg_val<uint32_t>(3);
  const uint32_t sender_x = get_arg_val<uint32_t>(4);
  const uint32_t sender_y = get_arg_val<uint32_t>(5);
  eth_wait_for_bytes(bytes);
  auto* words = reinterpret_cast<volatile uint32_t*>(l1);
  for (uint32_t i = 0; i < bytes / 4; ++i) words[i] = words[i] + 1;
  constexpr auto copy_args = TensorAccessorArgs<0>();
  const auto copy = TensorAccessor(copy_args, copy_addr, bytes);
  noc_async_write(l1, copy.get_noc_addr(0), bytes);
  noc_async_write_barrier();
  if (forward != 0) {
    noc_async_write(l1, get_noc_addr(sender_x, sender_y, l1), bytes);
    noc_async_write_barrier();
    noc_semaphore_inc(get_noc_addr(sender_x, sender_y, get_semaphore(0)), 1);
    noc_async_atomic_barrier();
  }
  eth_receiver_done();
}
