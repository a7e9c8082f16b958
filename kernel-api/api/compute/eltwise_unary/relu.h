// ReLU family; thresholds and slopes are fp32 bit patterns.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void relu_tile_init() {}
ALWI void relu_min_tile_init() {}
ALWI void relu_max_tile_init() {}
ALWI void leaky_relu_tile_init() {}
ZYXTT_UNARY_FN(relu_tile, Relu)
ZYXTT_UNARY_FN(relu_tile_int32, ReluInt32)
ALWI void relu_max_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMax, idst, param0);
}
ALWI void relu_min_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMin, idst, param0);
}
ALWI void leaky_relu_tile(uint32_t idst, uint32_t slope = 0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLeakyRelu, idst, slope);
}
// Integer forms: relu_max clamps to [0, param0], relu_min keeps x >= param0
// (else 0); signed for Int32, unsigned for UInt32 / UInt16 (zero-extended words).
ALWI void relu_max_tile_int32(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMaxInt32, idst, param0);
}
ALWI void relu_min_tile_int32(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMinInt32, idst, param0);
}
ALWI void relu_max_tile_uint32(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMaxUInt32, idst, param0);
}
ALWI void relu_min_tile_uint32(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMinUInt32, idst, param0);
}
ALWI void relu_max_tile_uint16(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMaxUInt32, idst, param0 & 0xFFFFu);
}
ALWI void relu_min_tile_uint16(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kReluMinUInt32, idst, param0 & 0xFFFFu);
}
}  // namespace ckernel
