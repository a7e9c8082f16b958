// erfinv_tile: the inverse error function; +-1 give +-inf, |x| > 1 NaN.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void erfinv_tile_init() {}
ALWI void erfinv_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kErfinv, idst); }
}  // namespace ckernel
