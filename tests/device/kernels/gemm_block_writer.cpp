// GEMM in zyx's shape: writes the 8 tiles of each block where they belong
// in C (Mt x Nt tiles), each write waited for.
// Per-core args: c, row, col. Compile-time arg: Nt.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kTilesPerCore = 4, kPairRows = 2, kGroupCols = 4;

void kernel_main() {
  constexpr uint32_t Nt = get_compile_time_arg_val(0);
  constexpr uint32_t cb = tt::CBIndex::c_16;
  const uint32_t page = get_tile_size(cb);
  const InterleavedAddrGen<true> c = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = page};
  const uint32_t mt0 = get_arg_val<uint32_t>(1) * kTilesPerCore, nt0 = get_arg_val<uint32_t>(2) * kTilesPerCore;
  for (uint32_t mp = 0; mp < kTilesPerCore; mp += kPairRows)
    for (uint32_t ng = 0; ng < kTilesPerCore; ng += kGroupCols)
      for (uint32_t r = 0; r < kPairRows; ++r)
        for (uint32_t n = 0; n < kGroupCols; ++n) {
          cb_wait_front(cb, 1);
          noc_async_write(get_read_ptr(cb), c.get_noc_addr((mt0 + mp + r) * Nt + nt0 + ng + n), page);
          noc_async_write_barrier();
          cb_pop_front(cb, 1);
        }
}
