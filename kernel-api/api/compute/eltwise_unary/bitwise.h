// Bitwise ops with a scalar on the integer bit pattern of DST words.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
#define ZYXTT_BITWISE_SCALAR(fn, op)                                          \
  ALWI void fn##_tile_init() {}                                               \
  ALWI void fn##_tile(uint32_t idst, uint32_t param0) {                       \
    ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::k##op, idst, param0);   \
  }
ZYXTT_BITWISE_SCALAR(bitwise_and, BitwiseAndScalar)
ZYXTT_BITWISE_SCALAR(bitwise_or, BitwiseOrScalar)
ZYXTT_BITWISE_SCALAR(bitwise_xor, BitwiseXorScalar)
ZYXTT_BITWISE_SCALAR(left_shift, LeftShiftScalar)
ZYXTT_BITWISE_SCALAR(right_shift, RightShiftScalar)
#undef ZYXTT_BITWISE_SCALAR
}  // namespace ckernel
