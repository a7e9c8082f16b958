// Exact Int32 division rounded toward -inf (floor) or toward zero (trunc).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void div_int32_floor_tile_init() {}
ALWI void div_int32_trunc_tile_init() {}
ALWI void div_int32_floor_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kDivInt32Floor, idst0, idst1, odst);
}
ALWI void div_int32_trunc_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kDivInt32Trunc, idst0, idst1, odst);
}
}  // namespace ckernel
