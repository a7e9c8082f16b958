// threshold_tile(idst, threshold, value): x > threshold ? x : value (fp32 bits).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void threshold_tile_init() {}
ALWI void threshold_tile(uint32_t idst, uint32_t param0, uint32_t param1) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kThreshold, idst, param0, param1); }
}  // namespace ckernel
