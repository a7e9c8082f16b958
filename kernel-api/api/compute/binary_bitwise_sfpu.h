// Bitwise ops on two DST tiles of integer data (Int32 / UInt32 / UInt16).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void binary_bitwise_tile_init() {}
template <DataFormat data_format = DataFormat::Int32>
ALWI void bitwise_and_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kBitwiseAnd, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void bitwise_or_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kBitwiseOr, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void bitwise_xor_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kBitwiseXor, idst0, idst1, odst);
}
}  // namespace ckernel
