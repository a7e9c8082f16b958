// xlogy_binary_tile: a * log(b), 0 where a == 0 and b is not NaN.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void xlogy_binary_tile_init() {}
ALWI void xlogy_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kXlogy, idst0, idst1, odst); }
}  // namespace ckernel
