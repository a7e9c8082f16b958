// out = sin(a) + b on one tile, in DST slots 0 and 1.
#include "api/compute/common.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_2);
  cb_wait_front(tt::CBIndex::c_0, 1);
  cb_wait_front(tt::CBIndex::c_1, 1);
  tile_regs_acquire();
  copy_tile(tt::CBIndex::c_0, 0, 0);
  sin_tile_init();
  sin_tile(0);
  copy_tile(tt::CBIndex::c_1, 0, 1);
  add_binary_tile_init();
  add_binary_tile(0, 1, 0);
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(tt::CBIndex::c_2, 1);
  pack_tile(0, tt::CBIndex::c_2);
  tile_regs_release();
  cb_push_back(tt::CBIndex::c_2, 1);
  cb_pop_front(tt::CBIndex::c_0, 1);
  cb_pop_front(tt::CBIndex::c_1, 1);
}
