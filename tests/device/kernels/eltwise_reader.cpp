// Reads n_tiles tiles of a and b from tile `start` on into c_0 and c_1.
// Per-core args: a, b, start; common: n_tiles.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t start = get_arg_val<uint32_t>(2);
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1;
  const uint32_t page = get_tile_size(cb_a);
  const InterleavedAddrGen<true> a = {.bank_base_address = a_addr, .page_size = page};
  const InterleavedAddrGen<true> b = {.bank_base_address = b_addr, .page_size = page};
  for (uint32_t t = start; t < start + n_tiles; ++t) {
    cb_reserve_back(cb_a, 1);
    noc_async_read(a.get_noc_addr(t), get_write_ptr(cb_a), page);
    cb_reserve_back(cb_b, 1);
    noc_async_read(b.get_noc_addr(t), get_write_ptr(cb_b), page);
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
