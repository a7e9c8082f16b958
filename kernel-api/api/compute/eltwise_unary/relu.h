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
}  // namespace ckernel
