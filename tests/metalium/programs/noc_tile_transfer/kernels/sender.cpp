// Reads one tile from DRAM into CB 0, then tells the receiver core through
// its semaphore that the tile is there.
#include <cstdint>

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t receiver_x = get_arg_val<uint32_t>(1);
  const uint32_t receiver_y = get_arg_val<uint32_t>(2);
  const uint32_t sem_id = get_arg_val<uint32_t>(3);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  constexpr auto src_args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(src_args, src_addr, get_tile_size(cb));
  cb_reserve_back(cb, 1);
  noc_async_read_tile(0, src, get_write_ptr(cb));
  noc_async_read_barrier();
  cb_push_back(cb, 1);
  noc_semaphore_inc(get_noc_addr(receiver_x, receiver_y, get_semaphore(sem_id)), 1);
  noc_async_atomic_barrier();
}
