#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool legacy_compat = false>
ALWI void recip_tile_init() {}
template <bool legacy_compat = false>
ALWI void recip_tile(uint32_t idst, int /*vector_mode*/ = (int)VectorMode::RC) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRecip, idst);
}
}  // namespace ckernel
