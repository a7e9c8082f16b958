// Pushes `rounds` x `step` pages into c_0, then spins until the consumer has
// acked them all, reading the CB's counters as tt-metal's stream registers
// (get_cb_tiles_received_ptr / _acked_ptr). Writes to word 0..2 of a DRAM
// page: received after the pushes, acked and received after the spin.
// Per-core args: dst, rounds, step.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t rounds = get_arg_val<uint32_t>(1);
  const uint32_t step = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = tt::CBIndex::c_0, scratch = tt::CBIndex::c_1;
  for (uint32_t i = 0; i < rounds; ++i) {
    cb_reserve_back(cb, step);
    cb_push_back(cb, step);
  }
  const uint32_t pushed = *get_cb_tiles_received_ptr(cb);
  while (*get_cb_tiles_acked_ptr(cb) != *get_cb_tiles_received_ptr(cb)) {
  }
  cb_reserve_back(scratch, 1);
  auto* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(scratch));
  words[0] = pushed;
  words[1] = *get_cb_tiles_acked_ptr(cb);
  words[2] = *get_cb_tiles_received_ptr(cb);
  const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = 64};
  noc_async_write(get_write_ptr(scratch), out.get_noc_addr(0), 64);
  noc_async_write_barrier();
  cb_push_back(scratch, 1);
}
