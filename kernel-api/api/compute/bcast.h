// FPU binary ops with the second operand broadcast (its column 0, row 0 or
// element [0][0]), and unary_bcast (a broadcast copy into DST).
#pragma once

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"

namespace ckernel {
namespace zyxtt_detail {
constexpr zyxtt::krt::Bcast bcast(BroadcastType b) { return static_cast<zyxtt::krt::Bcast>(static_cast<uint32_t>(b)); }
}  // namespace zyxtt_detail

template <BroadcastType bcast_type>
ALWI void unary_bcast_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
template <BroadcastType bcast_type>
ALWI void unary_bcast(uint32_t icb, uint32_t in_tile_index, uint32_t dst_tile_index) {
  zyxtt::krt::unary_bcast(zyxtt_detail::bcast(bcast_type), icb, in_tile_index, dst_tile_index);
}
template <BroadcastType bcast_type>
ALWI void unary_bcast_uninit(uint32_t /*icb*/) {}
template <BroadcastType old_bcast_type, BroadcastType new_bcast_type>
ALWI void reconfigure_unary_bcast(uint32_t /*old_icb*/, uint32_t new_icb, uint32_t /*old_ocb*/, uint32_t new_ocb) {
  zyxtt::krt::compute_configure(new_icb, new_icb, new_ocb);
}

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim>
ALWI void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, ocb, call_line);
  static_cast<void>(zyxtt_detail::fpu_op<tBcastOp>());
  zyxtt::krt::compute_configure(icb0, icb1, ocb);
  zyxtt::krt::fpu_accumulate(false);
}
template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
                          uint32_t bcast_row_idx = 0) {
  zyxtt::krt::fpu_binary(zyxtt_detail::fpu_op<tBcastOp>(), icb0, icb1, itile0, itile1, idst,
                         zyxtt_detail::bcast(tBcastDim), bcast_row_idx);
}
template <BroadcastType tBcastDim>
ALWI void add_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
                          uint32_t bcast_row_idx = 0) {
  any_tiles_bcast<ELWADD, tBcastDim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
template <BroadcastType tBcastDim>
ALWI void sub_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
                          uint32_t bcast_row_idx = 0) {
  any_tiles_bcast<ELWSUB, tBcastDim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
template <BroadcastType tBcastDim>
ALWI void mul_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
                          uint32_t bcast_row_idx = 0) {
  any_tiles_bcast<ELWMUL, tBcastDim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}

#define ZYXTT_BCAST_FN(fn, op, dim)                                                                   \
  ALWI void fn(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {       \
    any_tiles_bcast<op, BroadcastType::dim>(icb0, icb1, itile0, itile1, idst);                        \
  }
#define ZYXTT_BCAST_ROW_FN(fn, op)                                                                    \
  ALWI void fn(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,         \
               uint32_t bcast_row_idx = 0) {                                                          \
    any_tiles_bcast<op, BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);         \
  }
#define ZYXTT_BCAST_INIT(fn)                                                       \
  ALWI void fn(uint32_t icb0, uint32_t icb1, uint32_t call_line = __builtin_LINE()) { \
    state_configure(icb0, icb1, call_line);                                        \
    zyxtt::krt::unpack_reconfig(icb0, icb1);                                       \
    zyxtt::krt::fpu_accumulate(false);                             \
  }
ZYXTT_BCAST_FN(add_tiles_bcast_cols, ELWADD, COL)
ZYXTT_BCAST_FN(add_tiles_bcast_scalar, ELWADD, SCALAR)
ZYXTT_BCAST_ROW_FN(add_tiles_bcast_rows, ELWADD)
ZYXTT_BCAST_FN(sub_tiles_bcast_cols, ELWSUB, COL)
ZYXTT_BCAST_FN(sub_tiles_bcast_scalar, ELWSUB, SCALAR)
ZYXTT_BCAST_ROW_FN(sub_tiles_bcast_rows, ELWSUB)
ZYXTT_BCAST_FN(mul_tiles_bcast_cols, ELWMUL, COL)
ZYXTT_BCAST_FN(mul_tiles_bcast_scalar, ELWMUL, SCALAR)
ZYXTT_BCAST_ROW_FN(mul_tiles_bcast_rows, ELWMUL)
ZYXTT_BCAST_INIT(add_bcast_rows_init_short)
ZYXTT_BCAST_INIT(add_bcast_cols_init_short)
ZYXTT_BCAST_INIT(add_bcast_scalar_init_short)
ZYXTT_BCAST_INIT(sub_bcast_rows_init_short)
ZYXTT_BCAST_INIT(sub_bcast_cols_init_short)
ZYXTT_BCAST_INIT(sub_tiles_bcast_scalar_init_short)
ZYXTT_BCAST_INIT(mul_bcast_rows_init_short)
ZYXTT_BCAST_INIT(mul_bcast_cols_init_short)
ZYXTT_BCAST_INIT(mul_tiles_bcast_scalar_init_short)
#undef ZYXTT_BCAST_FN
#undef ZYXTT_BCAST_ROW_FN
#undef ZYXTT_BCAST_INIT
}  // namespace ckernel
