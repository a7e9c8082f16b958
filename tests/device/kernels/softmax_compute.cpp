// softmax over rows in the shape of tt-metal's softmax: with a whole tile row
// of x and its reduce scaler (tile Wt) waiting in c_0, max = reduce<MAX, ROW>(x); e = exp(x - bcast_cols(max));
// r = recip(reduce<SUM, ROW>(e)); y = e * bcast_cols(r).
// Per-core arg: tile rows. Named compile-time arg: Wt.
#include <cstdint>

#include "api/compute/bcast.h"
#include "api/compute/common.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/reduce.h"

void kernel_main() {
  constexpr uint32_t Wt = get_named_compile_time_arg_val("Wt");
  const uint32_t rows = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_x = tt::CBIndex::c_0, cb_scaler = cb_x, cb_max = tt::CBIndex::c_2,
                     cb_exp = tt::CBIndex::c_3, cb_recip = tt::CBIndex::c_4, cb_out = tt::CBIndex::c_16;
  compute_kernel_hw_startup(cb_x, cb_scaler, cb_out);
  for (uint32_t h = 0; h < rows; ++h) {
    cb_wait_front(cb_x, Wt + 1);
    reduce_init<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_x, cb_scaler, cb_max);
    tile_regs_acquire();
    for (uint32_t w = 0; w < Wt; ++w) reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_x, cb_scaler, w, Wt, 0);
    reduce_uninit();
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_max, 1);
    pack_tile(0, cb_max);
    tile_regs_release();
    cb_push_back(cb_max, 1);

    cb_wait_front(cb_max, 1);
    cb_reserve_back(cb_exp, Wt);
    sub_bcast_cols_init_short(cb_x, cb_max);
    exp_tile_init();
    for (uint32_t w = 0; w < Wt; ++w) {
      tile_regs_acquire();
      sub_tiles_bcast_cols(cb_x, cb_max, w, 0, 0);
      exp_tile(0);
      tile_regs_commit();
      tile_regs_wait();
      pack_tile(0, cb_exp);
      tile_regs_release();
    }
    cb_push_back(cb_exp, Wt);
    cb_pop_front(cb_max, 1);

    cb_wait_front(cb_exp, Wt);
    reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exp, cb_scaler, cb_recip);
    tile_regs_acquire();
    for (uint32_t w = 0; w < Wt; ++w) reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exp, cb_scaler, w, Wt, 0);
    reduce_uninit();
    recip_tile_init();
    recip_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_recip, 1);
    pack_tile(0, cb_recip);
    tile_regs_release();
    cb_push_back(cb_recip, 1);
    cb_pop_front(cb_x, Wt + 1);

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
