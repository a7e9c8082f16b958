// polygamma_tile(idst, n_packed, scale_packed): psi^(n)(x) for x > 0 and
// orders 1..11, with n and the caller's scale (-1)^(n+1) n! as fp32 bits:
// scale * sum over k >= 0 of 1 / (x + k)^(n + 1).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void polygamma_tile(uint32_t idst, uint32_t n_packed, uint32_t scale_packed) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kPolygamma, idst, n_packed, scale_packed);
}
ALWI void polygamma_tile_init() {}
}  // namespace ckernel
