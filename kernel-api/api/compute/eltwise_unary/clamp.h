// clamp_tile(idst, lo, hi): min(max(x, lo), hi); lo / hi are fp32 bits (int32 for _int32).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void clamp_tile_init() {}
ALWI void clamp_tile(uint32_t idst, uint32_t param0, uint32_t param1) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kClamp, idst, param0, param1); }
ALWI void clamp_tile_int32(uint32_t idst, uint32_t param0, uint32_t param1) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kClampInt32, idst, param0, param1); }
}  // namespace ckernel
