// Writer with InterleavedAddrGen: each tile goes to get_noc_addr(page, gen,
// offset) of its half page.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kTilesPerCore = 6;
constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const uint32_t tile_bytes = get_tile_size(cb_out);
  const uint32_t tiles_per_page = kPageBytes / tile_bytes;
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = kPageBytes};

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_wait_front(cb_out, 1);
    const uint64_t dst_noc_addr = get_noc_addr(t / tiles_per_page, dst, (t % tiles_per_page) * tile_bytes);
    noc_async_write(get_read_ptr(cb_out), dst_noc_addr, tile_bytes);
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
