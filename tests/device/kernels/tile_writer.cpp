// Writes `count` tiles of c_16 to DRAM from tile `start` on, times the
// named compile-time arg `tiles_per_unit` (1 when not given per unit).
// Per-core args: dst, first unit, units.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t per_unit = get_named_compile_time_arg_val("tiles_per_unit");
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1) * per_unit;
  const uint32_t count = get_arg_val<uint32_t>(2) * per_unit;
  constexpr uint32_t cb = tt::CBIndex::c_16;
  const uint32_t page = get_tile_size(cb);
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = page};
  for (uint32_t t = first; t < first + count; ++t) {
    cb_wait_front(cb, 1);
    noc_async_write(get_read_ptr(cb), dst.get_noc_addr(t), page);
    noc_async_write_barrier();
    cb_pop_front(cb, 1);
  }
}
