// hardmish_tile: x / 2 * min(max(x + 2, 0), 2).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void hardmish_tile_init() {}
ALWI void hardmish_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kHardmish, idst); }
}  // namespace ckernel
