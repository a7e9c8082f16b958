// rsub_tile(idst, s): s - x (fp32 bits); rsub_unary_int32_tile on int32 words.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void rsub_tile_init() {}
ALWI void rsub_tile(uint32_t idst, uint32_t scalar) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRsubScalar, idst, scalar); }
ALWI void rsub_unary_int32_tile_init() {}
ALWI void rsub_unary_int32_tile(uint32_t idst, uint32_t scalar) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRsubScalarInt32, idst, scalar); }
}  // namespace ckernel
