// Reader with InterleavedAddrGen and get_noc_addr(page, gen, offset): the
// buffer's 4096-byte pages each hold two 2048-byte Float16_b tiles.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kTilesPerCore = 6;
constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  const uint32_t tile_bytes = get_tile_size(cb_in);
  const uint32_t tiles_per_page = kPageBytes / tile_bytes;
  const InterleavedAddrGen<true> src = {.bank_base_address = src_addr, .page_size = kPageBytes};

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_reserve_back(cb_in, 1);
    const uint64_t src_noc_addr = get_noc_addr(t / tiles_per_page, src, (t % tiles_per_page) * tile_bytes);
    noc_async_read(src_noc_addr, get_write_ptr(cb_in), tile_bytes);
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
