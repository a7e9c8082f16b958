// matmul_single_core compute (older init era: mm_init + matmul_tiles): one
// output tile per DST section, accumulated over K.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/matmul.h"
#include "api/compute/tile_move_copy.h"

constexpr uint32_t Mt = 20, Nt = 20, Kt = 20;

void kernel_main() {
  mm_init(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
  for (uint32_t i = 0; i < Mt; ++i) {
    for (uint32_t j = 0; j < Nt; ++j) {
      tile_regs_acquire();
      for (uint32_t k = 0; k < Kt; ++k) {
        cb_wait_front(tt::CBIndex::c_0, 1);
        cb_wait_front(tt::CBIndex::c_1, 1);
        matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);
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
}
