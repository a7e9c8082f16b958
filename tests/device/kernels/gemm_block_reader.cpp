// GEMM in zyx's shape (timing-model check): core (col, row) owns 4 x 4 output
// tiles; per pair of output rows, per group of 4 output columns, per K tile
// it reads the pair of A tiles, then the 4 B tiles, one tile a read, each
// read waited for. A is Mt x Kt tiles, B Kt x Nt, one tile a page.
// Per-core args: a, b, row, col. Compile-time args: Kt, Nt.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kTilesPerCore = 4, kPairRows = 2, kGroupCols = 4;

void read_tile(const InterleavedAddrGen<true>& src, uint32_t tile, uint32_t cb, uint32_t page) {
  cb_reserve_back(cb, 1);
  noc_async_read(src.get_noc_addr(tile), get_write_ptr(cb), page);
  noc_async_read_barrier();
  cb_push_back(cb, 1);
}

void kernel_main() {
  constexpr uint32_t Kt = get_compile_time_arg_val(0), Nt = get_compile_time_arg_val(1);
  const uint32_t page = get_tile_size(tt::CBIndex::c_0);
  const InterleavedAddrGen<true> a = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = page};
  const InterleavedAddrGen<true> b = {.bank_base_address = get_arg_val<uint32_t>(1), .page_size = page};
  const uint32_t mt0 = get_arg_val<uint32_t>(2) * kTilesPerCore, nt0 = get_arg_val<uint32_t>(3) * kTilesPerCore;
  for (uint32_t mp = 0; mp < kTilesPerCore; mp += kPairRows)
    for (uint32_t ng = 0; ng < kTilesPerCore; ng += kGroupCols)
      for (uint32_t k = 0; k < Kt; ++k) {
        for (uint32_t r = 0; r < kPairRows; ++r) read_tile(a, (mt0 + mp + r) * Kt + k, tt::CBIndex::c_0, page);
        for (uint32_t n = 0; n < kGroupCols; ++n) read_tile(b, k * Nt + nt0 + ng + n, tt::CBIndex::c_1, page);
      }
}
