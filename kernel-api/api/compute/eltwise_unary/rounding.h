// floor / ceil / trunc / frac / round share rounding_op_tile_init.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void rounding_op_tile_init() {}
ZYXTT_UNARY_FN(floor_tile, Floor)
ZYXTT_UNARY_FN(ceil_tile, Ceil)
ZYXTT_UNARY_FN(trunc_tile, Trunc)
ZYXTT_UNARY_FN(frac_tile, Frac)
ALWI void round_tile(uint32_t idst, int32_t decimals) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRound, idst, static_cast<uint32_t>(decimals));
}
// fp32 -> bf16 stochastic rounding: modelled as round-to-nearest-even.
ALWI void stochastic_round_tile(uint32_t idst) { ::zyxtt::krt::sfpu_typecast(idst, 0, 5); }
// Older per-op inits.
ALWI void floor_tile_init() {}
ALWI void ceil_tile_init() {}
ALWI void trunc_tile_init() {}
ALWI void frac_tile_init() {}
}  // namespace ckernel
