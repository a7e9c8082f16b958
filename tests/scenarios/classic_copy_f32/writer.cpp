// Classic writer: waits on the output CB and sends each tile back with
// noc_async_write_tile through InterleavedAddrGenFast.
#include <cstdint>

#include "dataflow_api.h"

constexpr uint32_t kTilesPerCore = 8;
constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const uint32_t tile_bytes = get_tile_size(cb_out);
  const InterleavedAddrGenFast<true> dst = {
      .bank_base_address = dst_addr, .page_size = tile_bytes, .data_format = get_dataformat(cb_out)};

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_wait_front(cb_out, 1);
    const uint32_t l1_read_addr = get_read_ptr(cb_out);
    noc_async_write_tile(first + i, dst, l1_read_addr);
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
