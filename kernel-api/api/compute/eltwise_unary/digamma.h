// digamma_tile: psi(x), the logarithmic derivative of Gamma; 0 gives -inf,
// negative integers NaN (torch.digamma).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void digamma_tile_init() {}
ALWI void digamma_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kDigamma, idst); }
}  // namespace ckernel
