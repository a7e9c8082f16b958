// rpow_tile(idst, base): base^x (base as fp32 bits).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void rpow_tile_init() {}
ALWI void rpow_tile(uint32_t idst, uint32_t base_val, VectorMode /*vector_mode*/ = VectorMode::RC) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRpow, idst, base_val); }
}  // namespace ckernel
