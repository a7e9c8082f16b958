#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool legacy_compat = false>
ALWI void rsqrt_tile_init() {}
template <bool legacy_compat = false, bool FAST_APPROX = false, bool fp32 = DST_ACCUM_MODE>
ALWI void rsqrt_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRsqrt, idst);
}
}  // namespace ckernel
