// Format conversion inside DST; IN/OUT are tt::DataFormat values. Pairs the
// hardware does not support compile to nothing there, and are no-ops here.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE>
ALWI void typecast_tile_init() {}
template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE, bool fp32 = DST_ACCUM_MODE>
ALWI void typecast_tile(uint32_t idst) {
  ::zyxtt::krt::sfpu_typecast(idst, IN_DTYPE, OUT_DTYPE);
}
}  // namespace ckernel
