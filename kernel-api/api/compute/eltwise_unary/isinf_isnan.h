// Classification ops: 1.0 where the predicate holds, else 0.0.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void isinf_tile_init() {}
ALWI void isnan_tile_init() {}
ALWI void isfinite_tile_init() {}
ZYXTT_UNARY_FN(isinf_tile, Isinf)
ZYXTT_UNARY_FN(isnan_tile, Isnan)
ZYXTT_UNARY_FN(isfinite_tile, Isfinite)
}  // namespace ckernel
