// lcm_tile: least common multiple of int32 words (non-negative).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void lcm_tile_init() {}
ALWI void lcm_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kLcm, idst0, idst1, odst); }
}  // namespace ckernel
