// Trigonometric and hyperbolic SFPU ops (radians).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ZYXTT_UNARY_FN(sin_tile, Sin)
ZYXTT_UNARY_FN(cos_tile, Cos)
ZYXTT_UNARY_FN(tan_tile, Tan)
ZYXTT_UNARY_FN(asin_tile, Asin)
ZYXTT_UNARY_FN(acos_tile, Acos)
ZYXTT_UNARY_FN(atan_tile, Atan)
ZYXTT_UNARY_FN(sinh_tile, Sinh)
ZYXTT_UNARY_FN(cosh_tile, Cosh)
ZYXTT_UNARY_FN(asinh_tile, Asinh)
ZYXTT_UNARY_FN(acosh_tile, Acosh)
ZYXTT_UNARY_FN(atanh_tile, Atanh)
ALWI void sin_tile_init() {}
ALWI void cos_tile_init() {}
ALWI void tan_tile_init() {}
ALWI void asin_tile_init() {}
ALWI void acos_tile_init() {}
ALWI void atan_tile_init() {}
ALWI void sinh_tile_init() {}
ALWI void cosh_tile_init() {}
ALWI void asinh_tile_init() {}
ALWI void acosh_tile_init() {}
ALWI void atanh_tile_init() {}
}  // namespace ckernel
