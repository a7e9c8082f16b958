// Exponential moving average down the rows of a DST tile: the 32 columns are
// 32 streams, rows their samples in order. ema_tile(i) writes
// ema = alpha * ema_prev + beta * x for every row of DST tile i into DST tile
// i + 1 (alpha * ema_prev rounded, then one fused multiply-add, as silicon's
// two SFPMADs). The last row's values stay in LREG4 (krt sfpu_lregs) for the
// next tile; ema_clear_previous_output zeroes them. ema_init keeps alpha and
// beta (fp32 bits) in LREG5 / LREG6.
#pragma once

#include "zyxtt/cmath.h"  // <cmath> without the POSIX M_* macros

#include "api/compute/common_globals.h"

namespace zyxtt::kernel::ema {
inline float* lreg(uint32_t n) { return reinterpret_cast<float*>(krt::sfpu_lregs() + n * krt::kSfpuLanes); }
inline void tile(uint32_t input) {
  krt::SfpuDstView view;
  krt::sfpu_dst_open(&view);
  if (input + 1 >= view.tiles) krt::fail("ema_tile: DST tile index past the tiles in force (it writes the next tile)");
  const float* in = view.base + input * krt::kTileWords;
  float* out = view.base + (input + 1) * krt::kTileWords;
  float* prev = lreg(4);
  const float alpha = lreg(5)[0], beta = lreg(6)[0];
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      const uint32_t w = krt::dst_word(r, c);
      out[w] = prev[c] = std::fma(beta, in[w], alpha * prev[c]);
    }
  krt::sfpu_dst_close();
}
}  // namespace zyxtt::kernel::ema

namespace ckernel {
ALWI void ema_init(uint32_t alpha, uint32_t beta) {
  uint32_t* r = ::zyxtt::krt::sfpu_lregs();
  for (uint32_t l = 0; l < ::zyxtt::krt::kSfpuLanes; ++l) r[5 * ::zyxtt::krt::kSfpuLanes + l] = alpha, r[6 * ::zyxtt::krt::kSfpuLanes + l] = beta;
}
ALWI void ema_clear_previous_output() {
  float* prev = ::zyxtt::kernel::ema::lreg(4);
  for (uint32_t l = 0; l < ::zyxtt::krt::kSfpuLanes; ++l) prev[l] = 0.0f;
}
ALWI void ema_tile(uint32_t input_dst_index) { ::zyxtt::kernel::ema::tile(input_dst_index); }
}  // namespace ckernel
