// gcd_tile: greatest common divisor of int32 words (non-negative).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void gcd_tile_init() {}
ALWI void gcd_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kGcd, idst0, idst1, odst); }
}  // namespace ckernel
