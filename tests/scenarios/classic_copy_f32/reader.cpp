// Classic reader: legacy include path, InterleavedAddrGenFast and
// noc_async_read_tile into a 2-page CB, one tile at a time.
#include <cstdint>

#include "dataflow_api.h"

constexpr uint32_t kTilesPerCore = 8;
constexpr uint32_t kGridCols = 12;  // tiles are picked by the core's place on the physical grid

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  const uint32_t tile_bytes = get_tile_size(cb_in);
  const InterleavedAddrGenFast<true> src = {
      .bank_base_address = src_addr, .page_size = tile_bytes, .data_format = get_dataformat(cb_in)};

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_reserve_back(cb_in, 1);
    const uint32_t l1_write_addr = get_write_ptr(cb_in);
    noc_async_read_tile(first + i, src, l1_write_addr);
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
