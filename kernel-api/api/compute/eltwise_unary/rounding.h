// floor / ceil / trunc / frac / round share rounding_op_tile_init.
#pragma once

#include "api/compute/common_globals.h"
#include "zyxtt/sfpu_prng.h"

namespace ckernel {
ALWI void rounding_op_tile_init() {}
ZYXTT_UNARY_FN(floor_tile, Floor)
ZYXTT_UNARY_FN(ceil_tile, Ceil)
ZYXTT_UNARY_FN(trunc_tile, Trunc)
ZYXTT_UNARY_FN(frac_tile, Frac)
ALWI void round_tile(uint32_t idst, int32_t decimals) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRound, idst, static_cast<uint32_t>(decimals));
}
// fp32 -> bf16 by SFPSTOCHRND's stochastic rule: the 16 discarded mantissa
// bits, as 23 bits, against a 23-bit draw from the core's PRNG
// (init_prng_seed), so the magnitude rounds up with probability about
// discarded / 2^16 (a draw of 0 rounds even exact values up, as silicon's
// comparison does). Denormals and -0 become +0, NaN the infinity of its sign.
ALWI void stochastic_round_tile(uint32_t idst) {
  ::zyxtt::kernel::prng::for_each_element(idst, [](float& v, uint32_t r) {
    uint32_t x = __builtin_bit_cast(uint32_t, v);
    const uint32_t exponent = (x >> 23) & 0xffu;
    if (exponent == 0) {
      x = 0;
    } else if (exponent == 0xffu) {
      x &= 0xff800000u;
    } else {
      const uint32_t discarded = x & 0xffffu;
      x -= discarded;
      if ((discarded << 7) >= (r >> 9)) x += 0x10000u;
    }
    v = __builtin_bit_cast(float, x);
  });
}
// Older per-op inits.
ALWI void floor_tile_init() {}
ALWI void ceil_tile_init() {}
ALWI void trunc_tile_init() {}
ALWI void frac_tile_init() {}
}  // namespace ckernel
