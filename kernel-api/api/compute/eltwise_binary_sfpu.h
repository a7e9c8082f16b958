// SFPU binary ops on two DST tiles; the result overwrites odst.
#pragma once

#include "api/compute/common_globals.h"

#define ZYXTT_SFPU_BINARY(op, name)                                                      \
  template <DstRoundingMode rounding = DstRoundingMode::Default, bool fp32 = DST_ACCUM_MODE> \
  ALWI void name##_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {            \
    zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::k##op, idst0, idst1, odst,            \
                            rounding == DstRoundingMode::NearestEven ? zyxtt::krt::kSfpuRoundNearestEven : 0u); \
  }                                                                                        \
  ALWI void name##_binary_tile_init() {}

namespace ckernel {
ZYXTT_SFPU_BINARY(Add, add)
ZYXTT_SFPU_BINARY(Sub, sub)
ZYXTT_SFPU_BINARY(Rsub, rsub)
// mul/div take only the fp32 flag as template argument.
template <bool fp32 = DST_ACCUM_MODE>
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMul, idst0, idst1, odst);
}
ALWI void mul_binary_tile_init() {}
template <bool fp32 = DST_ACCUM_MODE>
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kDiv, idst0, idst1, odst);
}
ALWI void div_binary_tile_init() {}
ZYXTT_SFPU_BINARY(Power, power)
ZYXTT_SFPU_BINARY(Eq, eq)
ZYXTT_SFPU_BINARY(Ne, ne)
ZYXTT_SFPU_BINARY(Lt, lt)
ZYXTT_SFPU_BINARY(Gt, gt)
ZYXTT_SFPU_BINARY(Le, le)
ZYXTT_SFPU_BINARY(Ge, ge)
template <bool fp32 = DST_ACCUM_MODE>
ALWI void div_no_nan_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kDivNoNan, idst0, idst1, odst);
}
}  // namespace ckernel

#undef ZYXTT_SFPU_BINARY
