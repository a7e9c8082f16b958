#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void negative_tile_init() {}
ZYXTT_UNARY_FN(negative_tile, Negative)
ZYXTT_UNARY_FN(negative_tile_int32, NegativeInt32)
}  // namespace ckernel
