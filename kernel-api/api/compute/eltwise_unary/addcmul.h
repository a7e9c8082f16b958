// addcmul_tile: out = a + value * b * c; value is the scalar's fp32 bits.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void addcmul_tile_init() {}
template <DataFormat data_format>
ALWI void addcmul_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst, uint32_t value) {
  static_assert(data_format == DataFormat::Float32 || data_format == DataFormat::Float16_b ||
                    data_format == DataFormat::Bfp8_b,
                "addcmul_tile supports Float32, Float16_b and Bfp8_b");
  ::zyxtt::kernel::ternary(::zyxtt::krt::SfpuTernaryOp::kAddcmul, idst0, idst1, idst2, odst, value);
}
}  // namespace ckernel
