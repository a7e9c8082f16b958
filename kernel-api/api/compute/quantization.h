// quant_tile / requant_tile / dequant_tile: per-tensor int8 (de)quantization
// of DST tile idst0 by the fp32 scale in tile idst1 into odst. The _init call
// takes the zero point as fp32 bits and keeps it in LREG2, as silicon does.
//   quant:   round(a * scale + zp) to an int8-range int32 (a fp32)
//   requant: the same from an int32 a
//   dequant: (a + zp) * scale as fp32 (a int32; ttnn passes -zero_point)
// Rounding is to nearest with ties away from zero, saturated to +-127 (NaN
// and |v| >= 2^16 saturate by sign): SFPSTOCHRND's FP32 -> INT8 mode.
#pragma once

#include "api/compute/common_globals.h"

namespace zyxtt::kernel {
inline constexpr uint32_t kQuantZeroPointLreg = 2;
ALWI void set_quant_zero_point(uint32_t zero_point) {
  uint32_t* lreg = krt::sfpu_lregs() + kQuantZeroPointLreg * krt::kSfpuLanes;
  for (uint32_t lane = 0; lane < krt::kSfpuLanes; ++lane) lreg[lane] = zero_point;
}
ALWI void quant_op(krt::SfpuTernaryOp op, uint32_t idst0, uint32_t idst1, uint32_t odst) {
  ternary(op, idst0, idst1, idst1, odst, krt::sfpu_lregs()[kQuantZeroPointLreg * krt::kSfpuLanes]);
}
}  // namespace zyxtt::kernel

namespace ckernel {
ALWI void quant_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  ::zyxtt::kernel::quant_op(::zyxtt::krt::SfpuTernaryOp::kQuant, idst0, idst1, odst);
}
ALWI void requant_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  ::zyxtt::kernel::quant_op(::zyxtt::krt::SfpuTernaryOp::kRequant, idst0, idst1, odst);
}
ALWI void dequant_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  ::zyxtt::kernel::quant_op(::zyxtt::krt::SfpuTernaryOp::kDequant, idst0, idst1, odst);
}
ALWI void quant_tile_init(const uint32_t zero_point) { ::zyxtt::kernel::set_quant_zero_point(zero_point); }
ALWI void requant_tile_init(const uint32_t zero_point) { ::zyxtt::kernel::set_quant_zero_point(zero_point); }
ALWI void dequant_tile_init(const uint32_t zero_point) { ::zyxtt::kernel::set_quant_zero_point(zero_point); }
}  // namespace ckernel
