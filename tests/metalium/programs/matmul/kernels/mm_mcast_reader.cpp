// Column nt of C: for each row mt and each kt, A's tile (mt, kt) — read from
// DRAM and multicast by the sender core, received by the others — and B's
// tile (kt, nt) read from DRAM by every core. `is_sender` is a compile-time
// define. Handshake per tile: each receiver frees its CB slot, resets its
// `valid` flag and increments the sender's `ready`; the sender waits for all,
// multicasts the tile to the same CB address, then multicasts `valid`.
#include <cstdint>

void kernel_main() {
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t Mt = get_arg_val<uint32_t>(2), Kt = get_arg_val<uint32_t>(3), Nt = get_arg_val<uint32_t>(4);
  const uint32_t nt = get_arg_val<uint32_t>(5);
  const uint32_t ready_id = get_arg_val<uint32_t>(6), valid_id = get_arg_val<uint32_t>(7);
  // Sender: the receivers' NOC rectangle and count. Receiver: the sender's NOC core.
  const uint32_t p0 = get_arg_val<uint32_t>(8), p1 = get_arg_val<uint32_t>(9);
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1;
  constexpr auto a_args = TensorAccessorArgs<0>();
  constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
  const auto a = TensorAccessor(a_args, a_addr, get_tile_size(cb_a));
  const auto b = TensorAccessor(b_args, b_addr, get_tile_size(cb_b));
  volatile tt_l1_ptr uint32_t* ready = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(ready_id));
  volatile tt_l1_ptr uint32_t* valid = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(valid_id));

  for (uint32_t mt = 0; mt < Mt; ++mt) {
    for (uint32_t kt = 0; kt < Kt; ++kt) {
      cb_reserve_back(cb_a, 1);
      const uint32_t l1 = get_write_ptr(cb_a);
#if IS_SENDER
      const uint32_t x1 = get_arg_val<uint32_t>(10), y1 = get_arg_val<uint32_t>(11);
      const uint32_t n_receivers = get_arg_val<uint32_t>(12);
      noc_async_read_tile(mt * Kt + kt, a, l1);
      noc_async_read_barrier();
      noc_semaphore_wait(ready, n_receivers);
      noc_semaphore_set(ready, 0);
      noc_async_write_multicast(l1, get_noc_multicast_addr(p0, p1, x1, y1, l1), get_tile_size(cb_a), n_receivers);
      noc_semaphore_set(valid, VALID);
      noc_semaphore_set_multicast(get_semaphore(valid_id), get_noc_multicast_addr(p0, p1, x1, y1, get_semaphore(valid_id)),
                                  n_receivers);
      noc_async_write_barrier();
#else
      (void)l1;
      noc_semaphore_set(valid, INVALID);
      noc_semaphore_inc(get_noc_addr(p0, p1, get_semaphore(ready_id)), 1);
      noc_async_atomic_barrier();
      noc_semaphore_wait(valid, VALID);
#endif
      cb_push_back(cb_a, 1);
      cb_reserve_back(cb_b, 1);
      noc_async_read_tile(kt * Nt + nt, b, get_write_ptr(cb_b));
      noc_async_read_barrier();
      cb_push_back(cb_b, 1);
    }
  }
}
