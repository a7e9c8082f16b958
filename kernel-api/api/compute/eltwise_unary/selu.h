// selu_tile(idst, scale, alpha): scale * (x > 0 ? x : alpha * (e^x - 1)).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void selu_tile_init() {}
ALWI void selu_tile_init_pack() {}
ALWI void selu_tile(uint32_t idst, uint32_t param0, uint32_t param1) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSelu, idst, param0, param1); }
ALWI void selu_tile_pack(uint32_t idst, uint32_t param0, uint32_t param1) { selu_tile(idst, param0, param1); }
}  // namespace ckernel
