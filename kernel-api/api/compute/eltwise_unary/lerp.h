// lerp_tile: out = input + weight * (end - input), tiles (input, end, weight).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void lerp_tile_init() {}
template <DataFormat data_format>
ALWI void lerp_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  static_assert(data_format == DataFormat::Float32 || data_format == DataFormat::Float16_b,
                "lerp_tile supports Float32 and Float16_b");
  ::zyxtt::kernel::ternary(::zyxtt::krt::SfpuTernaryOp::kLerp, idst0, idst1, idst2, odst);
}
}  // namespace ckernel
