#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void hardsigmoid_tile_init() {}
ZYXTT_UNARY_FN(hardsigmoid_tile, Hardsigmoid)
ALWI void softsign_tile_init() {}
ZYXTT_UNARY_FN(softsign_tile, Softsign)
}  // namespace ckernel
