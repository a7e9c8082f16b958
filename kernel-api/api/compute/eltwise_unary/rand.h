// rand_tile(idst, from, scale) (fp32 bits): every element of DST tile idst
// becomes u * scale + from (one fused multiply-add), u uniform in [0, 1) from
// 23 random mantissa bits (silicon: a PRNG word's mantissa under exponent
// 127, less 1). rand_tile_init(seed) seeds the core's PRNG through init_prng_seed
// (zyxtt/sfpu_prng.h: deterministic per seed and core).
#pragma once

#include "zyxtt/cmath.h"  // <cmath> without the POSIX M_* macros

#include "api/compute/common_globals.h"
#include "zyxtt/sfpu_prng.h"

namespace ckernel {
ALWI void rand_tile_init(uint32_t seed = 0) { init_prng_seed(seed); }
ALWI void rand_tile(uint32_t idst, uint32_t from, uint32_t scale) {
  const float f = __builtin_bit_cast(float, from), s = __builtin_bit_cast(float, scale);
  ::zyxtt::kernel::prng::for_each_element(idst, [&](float& v, uint32_t r) {
    v = std::fma(float(r >> 9) * 0x1p-23f, s, f);
  });
}
}  // namespace ckernel
