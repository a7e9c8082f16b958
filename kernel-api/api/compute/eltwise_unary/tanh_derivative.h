// tanh_derivative_tile: 1 - tanh(x)^2.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool fast_and_approx = false>
ALWI void tanh_derivative_tile_init() {}
template <bool fast_and_approx = false>
ALWI void tanh_derivative_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kTanhDerivative, idst); }
}  // namespace ckernel
