// xielu_tile(idst, alpha_p, alpha_n) (fp32 bits): xIELU, alpha_p x^2 + x / 2
// for x > 0, else alpha_n (expm1(min(x, -1e-6)) - x) + x / 2.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void xielu_tile(uint32_t idst, uint32_t alpha_p, uint32_t alpha_n) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kXielu, idst, alpha_p, alpha_n);
}
ALWI void xielu_tile_init() {}
}  // namespace ckernel
