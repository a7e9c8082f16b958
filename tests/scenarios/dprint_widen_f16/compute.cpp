// Widens Float16 tiles to Float32 (copy_tile from a Float16 CB, pack_tile
// into a Float32 CB) and reports from the pack thread with DPRINT.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/debug/dprint.h"

void kernel_main() {
  constexpr uint32_t kTilesPerCore = 4;
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  unary_op_init_common(cb_in, cb_out);
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
    tile_regs_commit();
    cb_pop_front(cb_in, 1);
    cb_reserve_back(cb_out, 1);
    tile_regs_wait();
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
  }
  DPRINT_PACK(DPRINT << "compute packed " << kTilesPerCore << " tiles" << ENDL());
}
