#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void identity_tile_init() {}
ZYXTT_UNARY_FN(identity_tile, Identity)
}  // namespace ckernel
