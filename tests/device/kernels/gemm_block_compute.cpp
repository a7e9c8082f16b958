// GEMM in zyx's shape: per K tile, the pair of A tiles times each of 4 B
// tiles into 8 DST tiles (16-bit DST, half sync: 8 tiles), packed once K is done.
// Compile-time arg: Kt.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/matmul.h"

constexpr uint32_t kBlocks = 2, kPairRows = 2, kGroupCols = 4;

void kernel_main() {
  constexpr uint32_t Kt = get_compile_time_arg_val(0);
  constexpr uint32_t a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
  mm_init(a, b, out);
  for (uint32_t block = 0; block < kBlocks; ++block) {
    tile_regs_acquire();
    for (uint32_t k = 0; k < Kt; ++k) {
      cb_wait_front(a, kPairRows);
      for (uint32_t n = 0; n < kGroupCols; ++n) {
        cb_wait_front(b, 1);
        for (uint32_t r = 0; r < kPairRows; ++r) matmul_tiles(a, b, r, 0, r * kGroupCols + n);
        cb_pop_front(b, 1);
      }
      cb_pop_front(a, kPairRows);
    }
    tile_regs_commit();
    tile_regs_wait();
    for (uint32_t t = 0; t < kPairRows * kGroupCols; ++t) {
      cb_reserve_back(out, 1);
      pack_tile(t, out);
      cb_push_back(out, 1);
    }
    tile_regs_release();
  }
}
