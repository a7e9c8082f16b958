// Copies each of n_tiles tiles of c_0 into DST and packs its first num_rows
// rows of 16 datums (compile arg 0) into one page of c_16, as tt-metal's
// pack_rows test kernel does. Common arg: n_tiles.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/pack.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  constexpr uint32_t num_rows = get_compile_time_arg_val(0);
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(in, out);
  copy_tile_init(in);
  pack_rows_init(num_rows);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(in, 1);
    cb_reserve_back(out, 1);
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_rows(0, out, 0);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
  }
  pack_rows_uninit();
}
