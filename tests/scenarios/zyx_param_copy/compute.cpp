// zyx V2 compute: runtime args [n_tiles, row, col] (compute gets args from V2
// on); copies n_tiles tiles from c_0 to c_16 through DST tile DST_TILE.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

#ifndef DST_TILE
#define DST_TILE 0
#endif

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  unary_op_init_common(cb_in, cb_out);
  copy_tile_init(cb_in);
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile(cb_in, 0, DST_TILE);
    tile_regs_commit();
    cb_pop_front(cb_in, 1);

    cb_reserve_back(cb_out, 1);
    tile_regs_wait();
    pack_tile(DST_TILE, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
  }
}
