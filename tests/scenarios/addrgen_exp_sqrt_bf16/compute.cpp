// SFPU unary chain on each bf16 tile: y = sqrt(exp(x)), both ops on one DST
// slot before a single pack.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/sqrt.h"

void kernel_main() {
  constexpr uint32_t kTilesPerCore = 6;
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  init_sfpu(cb_in, cb_out);
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
    exp_tile_init();
    exp_tile(0);
    sqrt_tile_init();
    sqrt_tile(0);
    tile_regs_commit();
    cb_pop_front(cb_in, 1);

    cb_reserve_back(cb_out, 1);
    tile_regs_wait();
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
  }
}
