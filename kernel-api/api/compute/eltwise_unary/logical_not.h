#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void logical_not_unary_tile_init() {}
ZYXTT_UNARY_FN(logical_not_unary_tile, LogicalNot)
}  // namespace ckernel
