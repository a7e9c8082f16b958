// Waits on its semaphore, pulls the tile from the sender core's CB 0 (the
// same L1 address on both cores) into its own, and writes it to DRAM.
#include <cstdint>

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t sender_x = get_arg_val<uint32_t>(1);
  const uint32_t sender_y = get_arg_val<uint32_t>(2);
  const uint32_t sem_id = get_arg_val<uint32_t>(3);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  constexpr auto dst_args = TensorAccessorArgs<0>();
  const auto dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb));
  volatile tt_l1_ptr uint32_t* sem = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(sem_id));
  noc_semaphore_wait(sem, 1);
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  noc_async_read(get_noc_addr(sender_x, sender_y, l1), l1, get_tile_size(cb));
  noc_async_read_barrier();
  noc_async_write_tile(0, dst, l1);
  noc_async_write_barrier();
}
