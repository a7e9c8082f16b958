#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void binary_max_tile_init() {}
ALWI void binary_min_tile_init() {}
ALWI void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMax, idst0, idst1, odst);
}
ALWI void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMin, idst0, idst1, odst);
}
ALWI void binary_max_int32_tile_init() {}
ALWI void binary_min_int32_tile_init() {}
ALWI void binary_max_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMaxInt32, idst0, idst1, odst);
}
ALWI void binary_min_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMinInt32, idst0, idst1, odst);
}
ALWI void binary_max_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMaxUInt32, idst0, idst1, odst);
}
ALWI void binary_min_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMinUInt32, idst0, idst1, odst);
}
}  // namespace ckernel
