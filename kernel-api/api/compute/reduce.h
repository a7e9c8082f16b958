// reduce_tile: SUM / AVG / MAX over rows, columns or the whole tile, scaled by
// the scaler tile (row 0 of each face holds the factor). Results accumulate
// into DST: column 0 (REDUCE_ROW), row 0 (REDUCE_COL) or [0][0] (SCALAR).
#pragma once

#include "api/compute/common.h"

#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#endif

namespace ckernel {
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, bool enforce_fp32_accumulation = false>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb, icb_scaler, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb_scaler, ocb);
}
// Older form: reduce_init<at_start, type, dim>(icb, icb_scaler[, ocb]).
template <bool at_start, PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb = 16, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb, icb_scaler, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb_scaler, ocb);
}
template <bool at_start = false, PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, typename... A>
ALWI void reduce_init_delta(A...) {}
template <ReduceDim reduce_dim = REDUCE_DIM, typename... A>
ALWI void reduce_revert_delta(A...) {}
template <bool enforce_fp32_accumulation = false>
ALWI void reduce_uninit(uint32_t /*icb*/ = 0) {}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, bool enforce_fp32_accumulation = false>
ALWI void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile, uint32_t itile_scaler, uint32_t idst) {
  zyxtt::krt::reduce(static_cast<zyxtt::krt::ReducePool>(static_cast<uint32_t>(reduce_type)),
                     static_cast<zyxtt::krt::ReduceDim>(static_cast<uint32_t>(reduce_dim)), icb, icb_scaler, itile,
                     itile_scaler, idst);
}
}  // namespace ckernel
