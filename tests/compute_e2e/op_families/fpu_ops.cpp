// FPU ops on fp32 tiles (appended to tile_loop.cpp), in the shape of
// tt-metal's eltwise_binary, matmul_single_core and reduce examples: op t
// on tile t; operands pass through SrcA / SrcB.
#include "api/compute/bcast.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/matmul.h"
#include "api/compute/reduce.h"
#include "api/compute/transpose_wh.h"

void family_init() { binary_op_init_common(cb_a, cb_b, cb_out); }

uint32_t apply(uint32_t t) {
  switch (t) {
    case 0: add_tiles_init(cb_a, cb_b); add_tiles(cb_a, cb_b, 0, 0, 0); break;
    case 1: sub_tiles_init(cb_a, cb_b); sub_tiles(cb_a, cb_b, 0, 0, 0); break;
    case 2: mul_tiles_init(cb_a, cb_b); mul_tiles(cb_a, cb_b, 0, 0, 0); break;
    case 3:  // acc_to_dest: DST (a copy of A) += A + B
      copy_tile_to_dst_init_short(cb_a);
      copy_tile(cb_a, 0, 0);
      add_tiles_init(cb_a, cb_b, true);
      add_tiles(cb_a, cb_b, 0, 0, 0);
      break;
    case 4: add_bcast_rows_init_short(cb_a, cb_b); add_tiles_bcast_rows(cb_a, cb_b, 0, 0, 0); break;
    case 5: sub_bcast_cols_init_short(cb_a, cb_b); sub_tiles_bcast_cols(cb_a, cb_b, 0, 0, 0); break;
    case 6: mul_tiles_bcast_scalar_init_short(cb_a, cb_b); mul_tiles_bcast_scalar(cb_a, cb_b, 0, 0, 0); break;
    case 7:
    case 8:
      copy_tile_to_dst_init_short(cb_a);
      copy_tile(cb_a, 0, 0);
      if (t == 7) {  // DST = DST - B
        binary_dest_reuse_tiles_init<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b);
        binary_dest_reuse_tiles<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b, 0, 0);
      } else {  // DST = B - DST
        binary_dest_reuse_tiles_init<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCB>(cb_b);
        binary_dest_reuse_tiles<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCB>(cb_b, 0, 0);
      }
      break;
    case 9: transpose_wh_init_short(cb_a); transpose_wh_tile(cb_a, 0, 0); break;
    case 10:  // B is the scaler tile
      reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_a, cb_b, cb_out);
      reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_a, cb_b, 0, 0, 0);
      reduce_uninit();
      break;
    case 11:
      reduce_init<PoolType::MAX, ReduceDim::REDUCE_COL>(cb_a, cb_b, cb_out);
      reduce_tile<PoolType::MAX, ReduceDim::REDUCE_COL>(cb_a, cb_b, 0, 0, 0);
      reduce_uninit();
      break;
    case 12:
      reduce_init<PoolType::SUM, ReduceDim::REDUCE_SCALAR>(cb_a, cb_b, cb_out);
      reduce_tile<PoolType::SUM, ReduceDim::REDUCE_SCALAR>(cb_a, cb_b, 0, 0, 0);
      reduce_uninit();
      break;
    case 13: mm_init_short(cb_a, cb_b); matmul_tiles(cb_a, cb_b, 0, 0, 0); break;
    case 14:  // acc_to_dest: DST (a copy of A) += A * B
      copy_tile_to_dst_init_short(cb_a);
      copy_tile(cb_a, 0, 0);
      // With acc_to_dest the call line comes too: tt-metal declares (icb0, icb1, call_line) beside it.
      mul_tiles_init(cb_a, cb_b, /*acc_to_dest=*/1, __LINE__);
      mul_tiles(cb_a, cb_b, 0, 0, 0);
      break;
    default: sub_tiles_bcast_scalar_init_short(cb_a, cb_b); sub_tiles_bcast_scalar(cb_a, cb_b, 0, 0, 0); break;
  }
  return 0;
}
