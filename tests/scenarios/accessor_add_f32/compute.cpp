// FPU element-wise add: DST[0] = A + B with both operands taken from CBs.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"

void kernel_main() {
  constexpr uint32_t kTilesPerCore = 7;
  constexpr uint32_t cb_a = tt::CBIndex::c_0;
  constexpr uint32_t cb_b = tt::CBIndex::c_1;
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  binary_op_init_common(cb_a, cb_b, cb_out);
  add_tiles_init(cb_a, cb_b);
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    add_tiles(cb_a, cb_b, 0, 0, 0);
    tile_regs_commit();
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);

    cb_reserve_back(cb_out, 1);
    tile_regs_wait();
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
  }
}
