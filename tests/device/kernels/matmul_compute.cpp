// c_out[t] = c_0[t] x c_1[t] (one 32x32 tile times one) for n_tiles tiles
// (common arg), at the math fidelity the program's ComputeSettings give; the
// output CB is the first positional compile-time arg.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/matmul.h"

void kernel_main() {
  constexpr uint32_t cb_out = get_compile_time_arg_val(0);
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  mm_init(tt::CBIndex::c_0, tt::CBIndex::c_1, cb_out);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(tt::CBIndex::c_0, 1);
    cb_wait_front(tt::CBIndex::c_1, 1);
    tile_regs_acquire();
    matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(tt::CBIndex::c_0, 1);
    cb_pop_front(tt::CBIndex::c_1, 1);
  }
}
