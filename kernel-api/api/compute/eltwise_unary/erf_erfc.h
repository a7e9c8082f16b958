#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool fast_and_approx = true>
ALWI void erf_tile_init() {}
template <bool fast_and_approx = true>
ALWI void erf_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kErf, idst);
}
template <bool fast_and_approx = true>
ALWI void erfc_tile_init() {}
template <bool fast_and_approx = true>
ALWI void erfc_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kErfc, idst);
}
}  // namespace ckernel
