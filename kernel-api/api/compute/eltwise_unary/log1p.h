#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool fast_and_approx = false>
ALWI void log1p_tile_init() {}
template <bool fast_and_approx = false>
ALWI void log1p_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLog1p, idst);
}
}  // namespace ckernel
