// mish_tile: x * tanh(softplus(x)).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool APPROXIMATION_MODE = false>
ALWI void mish_tile_init() {}
template <bool APPROXIMATION_MODE = false>
ALWI void mish_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kMish, idst); }
}  // namespace ckernel
