// dropout_tile(idst, probability, scale_factor): every element is multiplied
// by the scale (fp32 bits) and zeroed where a 31-bit uniform draw is below
// `probability` (ttnn passes INT_MAX * p), so each element drops with
// probability p. dropout_kernel_init(seed) seeds the core's PRNG through init_prng_seed
// (zyxtt/sfpu_prng.h: deterministic per seed and core).
#pragma once

#include "api/compute/common_globals.h"
#include "zyxtt/sfpu_prng.h"

namespace ckernel {
ALWI void dropout_kernel_init(uint32_t seed = 0) { init_prng_seed(seed); }
ALWI void dropout_tile(uint32_t idst, uint32_t probability, uint32_t scale_factor) {
  const float s = __builtin_bit_cast(float, scale_factor);
  ::zyxtt::kernel::prng::for_each_element(idst, [&](float& v, uint32_t r) {
    v = (r >> 1) < probability ? 0.0f : v * s;
  });
}
}  // namespace ckernel
