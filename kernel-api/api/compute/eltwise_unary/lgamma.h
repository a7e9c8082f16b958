// lgamma in tt-metal's three steps. lgamma_stirling_tile(idst) and
// lgamma_stirling_float_tile(x, log_z, out) give log|Gamma(z)| of the
// reflected argument z = (x < 0.5 ? 1 - x : x) (the float form's log_z, which
// silicon's Stirling series reads, is not read here: z's lgamma is computed
// outright). lgamma_adjusted_tile(lg, log_sin, x, out) finishes the
// reflection: ln(pi) - log|sin(pi x)| - lg where x < 0.5, else lg.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void lgamma_stirling_tile_init() {}
ALWI void lgamma_stirling_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLgamma, idst); }
ALWI void lgamma_stirling_float_tile_init() {}
ALWI void lgamma_stirling_float_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2) {
  ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kLgammaStirlingFloat, idst0, idst1, idst2);
}
ALWI void lgamma_adjusted_tile_init() {}
ALWI void lgamma_adjusted_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t idst3) {
  ::zyxtt::kernel::ternary(::zyxtt::krt::SfpuTernaryOp::kLgammaAdjusted, idst0, idst1, idst2, idst3);
}
}  // namespace ckernel
