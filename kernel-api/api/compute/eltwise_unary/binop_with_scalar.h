// x op scalar, the scalar an fp32 bit pattern.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
enum { ADD_UNARY = 0, SUB_UNARY = 1, MUL_UNARY = 2, DIV_UNARY = 3, RSUB_UNARY = 4 };
ALWI void binop_with_scalar_tile_init() {}
ALWI void add_unary_tile(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kAddScalar, idst, param1);
}
ALWI void sub_unary_tile(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSubScalar, idst, param1);
}
ALWI void mul_unary_tile(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kMulScalar, idst, param1);
}
// Unconfirmed whether hosts pass the divisor or its reciprocal; x / param here.
ALWI void div_unary_tile(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kDivScalar, idst, param1);
}
ALWI void rsub_unary_tile(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRsubScalar, idst, param1);
}
// x op scalar on Int32 words (wrapping); the scalar is an int32 as uint32.
ALWI void add_unary_tile_int32(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kAddScalarInt32, idst, param1);
}
ALWI void sub_unary_tile_int32(uint32_t idst, uint32_t param1) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSubScalarInt32, idst, param1);
}
}  // namespace ckernel
