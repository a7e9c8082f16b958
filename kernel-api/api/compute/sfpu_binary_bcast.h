// SFPU add / sub / mul with a broadcast operand, all in DST (tt-metal's
// api/compute/sfpu_binary_bcast.h): DST[data][r][c] op= DST[vec][r][0] (COL)
// or DST[vec][0][c] (ROW), the same element op as add/sub/mul_binary_tile.
// Silicon wants fp32 DST for it; a 16-bit DST rounds as those ops do.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
namespace zyxtt_detail {
ALWI void sfpu_bcast(zyxtt::krt::SfpuBinaryOp op, zyxtt::krt::Bcast dim, uint32_t data, uint32_t vec) {
  zyxtt::krt::sfpu_binary_bcast(op, dim, data, vec);
}
}  // namespace zyxtt_detail

// One init per broadcast dimension serves add, sub and mul.
ALWI void sfpu_bcast_col_init() {}
ALWI void sfpu_sub_bcast_col_init() { sfpu_bcast_col_init(); }
ALWI void sfpu_add_bcast_col_init() { sfpu_bcast_col_init(); }
ALWI void sfpu_mul_bcast_col_init() { sfpu_bcast_col_init(); }
ALWI void sfpu_bcast_row_init() {}
ALWI void sfpu_sub_bcast_row_init() { sfpu_bcast_row_init(); }
ALWI void sfpu_add_bcast_row_init() { sfpu_bcast_row_init(); }
ALWI void sfpu_mul_bcast_row_init() { sfpu_bcast_row_init(); }

#define ZYXTT_SFPU_BCAST_FN(fn, op, dim)                                          \
  ALWI void fn(uint32_t dst_data_idx, uint32_t dst_vec_idx) {                     \
    zyxtt_detail::sfpu_bcast(zyxtt::krt::SfpuBinaryOp::k##op, zyxtt::krt::Bcast::k##dim, dst_data_idx, dst_vec_idx); \
  }
ZYXTT_SFPU_BCAST_FN(sfpu_add_bcast_col, Add, Col)
ZYXTT_SFPU_BCAST_FN(sfpu_sub_bcast_col, Sub, Col)
ZYXTT_SFPU_BCAST_FN(sfpu_mul_bcast_col, Mul, Col)
ZYXTT_SFPU_BCAST_FN(sfpu_add_bcast_row, Add, Row)
ZYXTT_SFPU_BCAST_FN(sfpu_sub_bcast_row, Sub, Row)
ZYXTT_SFPU_BCAST_FN(sfpu_mul_bcast_row, Mul, Row)
#undef ZYXTT_SFPU_BCAST_FN

template <BroadcastType Dim>
ALWI void sfpu_bcast_init() {
  static_assert(Dim == BroadcastType::COL || Dim == BroadcastType::ROW,
                "sfpu_bcast_init: only BroadcastType::COL and BroadcastType::ROW are supported");
}
template <BroadcastType Dim, EltwiseBinaryType Op>
ALWI void sfpu_bcast(uint32_t dst_data_idx, uint32_t dst_bcast_idx) {
  static_assert(Dim == BroadcastType::COL || Dim == BroadcastType::ROW,
                "sfpu_bcast: only BroadcastType::COL and BroadcastType::ROW are supported");
  static_assert(Op == EltwiseBinaryType::ELWADD || Op == EltwiseBinaryType::ELWSUB || Op == EltwiseBinaryType::ELWMUL,
                "sfpu_bcast: only EltwiseBinaryType::ELWADD, ELWSUB and ELWMUL are supported");
  constexpr auto op = Op == EltwiseBinaryType::ELWADD   ? zyxtt::krt::SfpuBinaryOp::kAdd
                      : Op == EltwiseBinaryType::ELWSUB ? zyxtt::krt::SfpuBinaryOp::kSub
                                                        : zyxtt::krt::SfpuBinaryOp::kMul;
  zyxtt_detail::sfpu_bcast(op, Dim == BroadcastType::COL ? zyxtt::krt::Bcast::kCol : zyxtt::krt::Bcast::kRow,
                           dst_data_idx, dst_bcast_idx);
}
}  // namespace ckernel
