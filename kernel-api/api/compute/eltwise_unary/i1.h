// i1_tile: the modified Bessel function of the first kind, order 1.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void i1_tile_init() {}
ALWI void i1_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kI1, idst); }
}  // namespace ckernel
