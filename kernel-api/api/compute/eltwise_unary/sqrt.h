#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void sqrt_tile_init() {}
template <bool FAST_APPROX = false>
ALWI void sqrt_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSqrt, idst);
}
}  // namespace ckernel
