// remainder_tile(idst, d, 1/d): x mod d with the sign of d (torch.remainder); fp32 bits.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void remainder_tile_init(uint32_t /*param0*/ = 0, uint32_t /*param1*/ = 0) {}
ALWI void remainder_tile(uint32_t idst, uint32_t param0, uint32_t /*param1*/ = 0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRemainderScalar, idst, param0); }
}  // namespace ckernel
