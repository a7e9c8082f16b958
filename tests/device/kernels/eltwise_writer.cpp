// Writes n_tiles tiles (common arg) of the CB given as the first positional
// compile-time arg to DRAM from tile `start` on. Per-core args: dst, start.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t cb_out = get_compile_time_arg_val(0);
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t start = get_arg_val<uint32_t>(1);
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  const uint32_t page = get_tile_size(cb_out);
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = page};
  for (uint32_t t = start; t < start + n_tiles; ++t) {
    cb_wait_front(cb_out, 1);
    noc_async_write(get_read_ptr(cb_out), dst.get_noc_addr(t), page);
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
