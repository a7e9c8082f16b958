// cbrt_tile: the real cube root.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void cbrt_tile_init() {}
ALWI void cbrt_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kCbrt, idst); }
}  // namespace ckernel
