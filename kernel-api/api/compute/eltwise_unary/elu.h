#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void elu_tile_init() {}
ALWI void elu_tile(uint32_t idst, uint32_t alpha) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kElu, idst, alpha);
}
}  // namespace ckernel
