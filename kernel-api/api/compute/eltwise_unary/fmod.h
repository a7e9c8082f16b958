// fmod_tile(idst, d, 1/d): x mod d with the sign of x (C fmod); fp32 bits.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void fmod_tile_init(uint32_t /*param0*/ = 0, uint32_t /*param1*/ = 0) {}
ALWI void fmod_tile(uint32_t idst, uint32_t param0, uint32_t /*param1*/ = 0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kFmodScalar, idst, param0); }
}  // namespace ckernel
