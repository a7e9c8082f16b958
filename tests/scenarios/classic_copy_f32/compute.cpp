// Legacy compute entry (namespace NAMESPACE { void MAIN }) with the old
// compute_kernel_api include paths: copy each Float32 tile through DST.
#include <cstdint>

#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t kTilesPerCore = 8;
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  unary_op_init_common(cb_in, cb_out);
  copy_tile_init(cb_in);
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
}
}  // namespace NAMESPACE
