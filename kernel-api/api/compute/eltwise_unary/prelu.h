// prelu_tile(idst, slope): x >= 0 ? x : slope * x (leaky_relu_tile's op).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void prelu_tile_init() {}
ALWI void prelu_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLeakyRelu, idst, param0); }
}  // namespace ckernel
