// atan2_binary_tile: atan2(a, b), a the ordinate (torch.atan2).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void atan2_binary_tile_init() {}
ALWI void atan2_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kAtan2, idst0, idst1, odst); }
}  // namespace ckernel
