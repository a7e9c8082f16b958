// lgamma_stirling_tile: log |Gamma(x)|. (The multi-tile lgamma forms are not provided.)
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void lgamma_stirling_tile_init() {}
ALWI void lgamma_stirling_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLgamma, idst); }
}  // namespace ckernel
