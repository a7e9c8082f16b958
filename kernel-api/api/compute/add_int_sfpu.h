// Integer add / sub / mul of two DST tiles (two's complement, wrapping).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void add_int_tile_init() {}
ALWI void sub_int_tile_init() {}
ALWI void mul_int_tile_init() {}
template <DataFormat data_format = DataFormat::Int32>
ALWI void add_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kAddInt32, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void sub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kSubInt32, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void mul_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::kMulInt32, idst0, idst1, odst);
}
// Older spellings.
ALWI void add_int32_tile_init() {}
ALWI void add_int32_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile(a, b, o); }
ALWI void add_uint32_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile(a, b, o); }
ALWI void add_uint16_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile(a, b, o); }
ALWI void sub_int32_tile(uint32_t a, uint32_t b, uint32_t o) { sub_int_tile(a, b, o); }
}  // namespace ckernel
