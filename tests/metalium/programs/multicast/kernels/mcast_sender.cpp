// Reads a tile into CB 0, waits until every receiver has said it is ready
// (they increment this core's `ready` semaphore), multicasts the tile to the
// same CB address on the receivers' rectangle, then flips their `valid`
// semaphore with one multicast: the handshake of tt-metal's mcast matmul.
#include <cstdint>

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t x0 = get_arg_val<uint32_t>(1), y0 = get_arg_val<uint32_t>(2);
  const uint32_t x1 = get_arg_val<uint32_t>(3), y1 = get_arg_val<uint32_t>(4);
  const uint32_t n_receivers = get_arg_val<uint32_t>(5);
  const uint32_t ready_id = get_arg_val<uint32_t>(6), valid_id = get_arg_val<uint32_t>(7);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  constexpr auto src_args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(src_args, src_addr, get_tile_size(cb));

  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  noc_async_read_tile(0, src, l1);
  noc_async_read_barrier();

  volatile tt_l1_ptr uint32_t* ready = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(ready_id));
  noc_semaphore_wait(ready, n_receivers);
  noc_semaphore_set(ready, 0);

  noc_async_write_multicast(l1, get_noc_multicast_addr(x0, y0, x1, y1, l1), get_tile_size(cb), n_receivers);
  volatile tt_l1_ptr uint32_t* valid = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(valid_id));
  noc_semaphore_set(valid, VALID);
  noc_semaphore_set_multicast(get_semaphore(valid_id), get_noc_multicast_addr(x0, y0, x1, y1, get_semaphore(valid_id)),
                              n_receivers);
  noc_async_write_barrier();
  cb_push_back(cb, 1);
}
