// In-place 32x32 transpose of a DST tile (tt-metal's
// api/compute/transpose_wh_dest.h): DST[idst][r][c] = old DST[idst][c][r].
// is_32bit selects silicon's 32-bit move path; words move unchanged either way.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
template <bool is_32bit = false>
ALWI void transpose_wh_dest_init_short() {}
template <bool is_32bit = false>
ALWI void transpose_wh_dest(uint32_t idst) {
  zyxtt::krt::dst_transpose(idst);
}
}  // namespace ckernel
