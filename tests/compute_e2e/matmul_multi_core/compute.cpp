// matmul_multi_core compute (newest init era: compute_kernel_hw_startup +
// matmul_init): this core's 5 x 4 output tiles, each accumulated over K.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/matmul.h"

constexpr uint32_t kTilesPerCore = 5 * 4, Kt = 20;

void kernel_main() {
  compute_kernel_hw_startup<SrcOrder::Reverse>(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
  matmul_init(tt::CBIndex::c_0, tt::CBIndex::c_1);
  for (uint32_t t = 0; t < kTilesPerCore; ++t) {
    tile_regs_acquire();
    for (uint32_t k = 0; k < Kt; ++k) {
      cb_wait_front(tt::CBIndex::c_0, 1);
      cb_wait_front(tt::CBIndex::c_1, 1);
      matmul_block(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0, 0, 1, 1, 1);
      cb_pop_front(tt::CBIndex::c_0, 1);
      cb_pop_front(tt::CBIndex::c_1, 1);
    }
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(tt::CBIndex::c_16, 1);
    pack_tile(0, tt::CBIndex::c_16);
    tile_regs_release();
    cb_push_back(tt::CBIndex::c_16, 1);
  }
}
