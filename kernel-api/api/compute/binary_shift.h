// Shifts of integer DST tiles by per-element amounts (low 5 bits used).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void binary_shift_tile_init() {}
template <DataFormat data_format = DataFormat::Int32>
ALWI void binary_left_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kLeftShift, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void binary_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kRightShift, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void binary_logical_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kLogicalRightShift, idst0, idst1, odst);
}
}  // namespace ckernel
