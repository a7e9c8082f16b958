#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void bitwise_not_tile_init() {}
ZYXTT_UNARY_FN(bitwise_not_tile, BitwiseNot)
}  // namespace ckernel
