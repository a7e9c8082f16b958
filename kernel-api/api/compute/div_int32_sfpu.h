// div_int32_tile: two Int32 DST tiles -> fp32 quotient in odst.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void div_int32_tile_init() {}
ALWI void div_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kDivInt32, idst0, idst1, odst);
}
}  // namespace ckernel
