// e^x (optionally e^(x*scale), scale given as bf16 bits).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool approx = false, uint32_t scale = 0x3F800000,
          InputClamping clamping = InputClamping::ClampToNegative>
ALWI void exp_tile_init() {}

template <bool approx = false, bool scale_en = false, InputClamping clamping = InputClamping::ClampToNegative,
          int iterations = 8>
ALWI void exp_tile(uint32_t idst, int /*vector_mode*/ = (int)VectorMode::RC, uint16_t scale = 0x3F80) {
  // p0 = fp32 bits of the scale, p1 = 1 when scaling is on.
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kExp, idst, uint32_t(scale) << 16, scale_en ? 1u : 0u);
}
}  // namespace ckernel
