// GELU. The fast approximation is the API default: the emulator computes the
// tanh form for it (silicon: a piecewise table), the erf form otherwise.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool fast_and_approx = true>
ALWI void gelu_tile_init() {}
template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(fast_and_approx ? ::zyxtt::krt::SfpuUnaryOp::kGeluFast : ::zyxtt::krt::SfpuUnaryOp::kGelu, idst);
}
ALWI void gelu_tanh_tile_init() {}
ZYXTT_UNARY_FN(gelu_tanh_tile, GeluTanh)
}  // namespace ckernel
