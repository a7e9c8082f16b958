// Reads tiles [start, start + count) of a DRAM buffer into c_0.
// Per-core args: src, start, count.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t start = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t page = get_tile_size(cb);
  const InterleavedAddrGen<true> src = {.bank_base_address = src_addr, .page_size = page};
  for (uint32_t t = start; t < start + count; ++t) {
    cb_reserve_back(cb, 1);
    noc_async_read(src.get_noc_addr(t), get_write_ptr(cb), page);
    noc_async_read_barrier();
    cb_push_back(cb, 1);
  }
}
