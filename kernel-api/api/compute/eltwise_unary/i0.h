// i0_tile: the modified Bessel function of the first kind, order 0.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void i0_tile_init() {}
ALWI void i0_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kI0, idst); }
}  // namespace ckernel
