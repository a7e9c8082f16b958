// softmax over rows, in the shape of tt-metal's softmax examples:
// max = reduce<MAX, ROW>(x); e = exp(x - bcast_cols(max));
// r = recip(reduce<SUM, ROW>(e)); y = e * bcast_cols(r).
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/bcast.h"
#include "api/compute/reduce.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"

constexpr uint32_t Ht = 4, Wt = 2;
constexpr uint32_t cb_x = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_1, cb_max = tt::CBIndex::c_2,
                   cb_exp = tt::CBIndex::c_3, cb_recip = tt::CBIndex::c_4, cb_out = tt::CBIndex::c_16;

void kernel_main() {
  compute_kernel_hw_startup(cb_x, cb_scaler, cb_out);
  cb_wait_front(cb_scaler, 1);
  for (uint32_t h = 0; h < Ht; ++h) {
    // Row maxima into column 0 of one tile.
    reduce_init<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_x, cb_scaler, cb_max);
    tile_regs_acquire();
    for (uint32_t w = 0; w < Wt; ++w) {
      cb_wait_front(cb_x, 1);
      reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_x, cb_scaler, 0, 0, 0);
      cb_pop_front(cb_x, 1);
    }
    reduce_uninit();
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_max, 1);
    pack_tile(0, cb_max);
    tile_regs_release();
    cb_push_back(cb_max, 1);

    // e = exp(x - max), Wt tiles into cb_exp.
    cb_wait_front(cb_max, 1);
    cb_reserve_back(cb_exp, Wt);
    sub_bcast_cols_init_short(cb_x, cb_max);
    exp_tile_init();
    for (uint32_t w = 0; w < Wt; ++w) {
      cb_wait_front(cb_x, 1);
      tile_regs_acquire();
      sub_tiles_bcast_cols(cb_x, cb_max, 0, 0, 0);
      exp_tile(0);
      tile_regs_commit();
      tile_regs_wait();
      pack_tile(0, cb_exp);
      tile_regs_release();
      cb_pop_front(cb_x, 1);
    }
    cb_push_back(cb_exp, Wt);
    cb_pop_front(cb_max, 1);

    // r = 1 / sum(e).
    cb_wait_front(cb_exp, Wt);
    reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exp, cb_scaler, cb_recip);
    tile_regs_acquire();
    for (uint32_t w = 0; w < Wt; ++w) reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exp, cb_scaler, w, 0, 0);
    reduce_uninit();
    recip_tile_init();
    recip_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_recip, 1);
    pack_tile(0, cb_recip);
    tile_regs_release();
    cb_push_back(cb_recip, 1);

    // y = e * r.
    cb_wait_front(cb_recip, 1);
    mul_bcast_cols_init_short(cb_exp, cb_recip);
    for (uint32_t w = 0; w < Wt; ++w) {
      tile_regs_acquire();
      mul_tiles_bcast_cols(cb_exp, cb_recip, w, 0, 0);
      tile_regs_commit();
      tile_regs_wait();
      cb_reserve_back(cb_out, 1);
      pack_tile(0, cb_out);
      tile_regs_release();
      cb_push_back(cb_out, 1);
    }
    cb_pop_front(cb_recip, 1);
    cb_pop_front(cb_exp, Wt);
  }
}
