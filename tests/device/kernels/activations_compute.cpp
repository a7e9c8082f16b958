// y = POST(LHS(x)) + BIAS tile by tile, everything chosen by defines shaped as
// ttnn's binary_ng factory passes them: PROCESS_LHS_ACTIVATIONS(i) and
// PROCESS_POST_ACTIVATIONS(i) function-like, each an activation chain on DST
// tile i or empty (no activation), and BIAS_TERM appended to 2.0f (empty:
// the bias is 2).
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/relu.h"

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
  constexpr float bias = 2.0f BIAS_TERM;
  unary_op_init_common(cb_in, cb_out);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, 0);
    PROCESS_LHS_ACTIVATIONS(0);
    PROCESS_POST_ACTIVATIONS(0);
    binop_with_scalar_tile_init();
    add_unary_tile(0, __builtin_bit_cast(uint32_t, bias));
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
  }
}
