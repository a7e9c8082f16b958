// Tells the sender it is ready, waits for the multicast tile, and writes it
// to its own tile of the output buffer.
#include <cstdint>

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t sender_x = get_arg_val<uint32_t>(1), sender_y = get_arg_val<uint32_t>(2);
  const uint32_t ready_id = get_arg_val<uint32_t>(3), valid_id = get_arg_val<uint32_t>(4);
  const uint32_t out_tile = get_arg_val<uint32_t>(5);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  constexpr auto dst_args = TensorAccessorArgs<0>();
  const auto dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb));

  cb_reserve_back(cb, 1);
  volatile tt_l1_ptr uint32_t* valid = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(valid_id));
  noc_semaphore_set(valid, INVALID);
  noc_semaphore_inc(get_noc_addr(sender_x, sender_y, get_semaphore(ready_id)), 1);
  noc_async_atomic_barrier();
  noc_semaphore_wait(valid, VALID);
  noc_async_write_tile(out_tile, dst, get_write_ptr(cb));
  noc_async_write_barrier();
  cb_push_back(cb, 1);
}
