// y = op(x) tile by tile, the op chosen by a define (SFPU_RELU or
// SFPU_NEGATIVE), as tt-metal's eltwise_sfpu chooses its op chain.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/relu.h"

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
  unary_op_init_common(cb_in, cb_out);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, 0);
#if defined(SFPU_RELU)
    relu_tile_init();
    relu_tile(0);
#elif defined(SFPU_NEGATIVE)
    negative_tile_init();
    negative_tile(0);
#else
#error "define SFPU_RELU or SFPU_NEGATIVE"
#endif
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
  }
}
