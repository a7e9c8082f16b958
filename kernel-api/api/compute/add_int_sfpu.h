// Integer add / sub / rsub / mul of two DST tiles (two's complement, wrapping).
// data_format Int32 / UInt32 work on the whole 32-bit word; UInt16 keeps the
// low 16 bits (the SFPU stores LO16), so chained ops see what silicon sees.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
namespace zyxtt_detail {
template <DataFormat data_format>
ALWI void int_binary(zyxtt::krt::SfpuBinaryOp op, uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt::krt::sfpu_binary(op, idst0, idst1, odst);
  if constexpr (data_format == DataFormat::UInt16)
    zyxtt::krt::sfpu_unary(zyxtt::krt::SfpuUnaryOp::kBitwiseAndScalar, odst, 0xFFFFu, 0);
}
}  // namespace zyxtt_detail

ALWI void add_int_tile_init() {}
ALWI void sub_int_tile_init() {}
ALWI void rsub_int_tile_init() {}
ALWI void mul_int_tile_init() {}
template <DataFormat data_format>
ALWI void add_int_tile_init() {}
template <DataFormat data_format>
ALWI void mul_int_tile_init() {}
template <DataFormat data_format = DataFormat::Int32>
ALWI void add_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt_detail::int_binary<data_format>(zyxtt::krt::SfpuBinaryOp::kAddInt32, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void sub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt_detail::int_binary<data_format>(zyxtt::krt::SfpuBinaryOp::kSubInt32, idst0, idst1, odst);
}
// odst = idst1 - idst0.
template <DataFormat data_format = DataFormat::Int32>
ALWI void rsub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt_detail::int_binary<data_format>(zyxtt::krt::SfpuBinaryOp::kRsubInt32, idst0, idst1, odst);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void mul_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
  zyxtt_detail::int_binary<data_format>(zyxtt::krt::SfpuBinaryOp::kMulInt32, idst0, idst1, odst);
}
// Older spellings.
ALWI void add_int32_tile_init() {}
ALWI void sub_int32_tile_init() {}
ALWI void mul_int32_tile_init() {}
ALWI void add_int32_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile<DataFormat::Int32>(a, b, o); }
ALWI void add_uint32_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile<DataFormat::UInt32>(a, b, o); }
ALWI void add_uint16_tile(uint32_t a, uint32_t b, uint32_t o) { add_int_tile<DataFormat::UInt16>(a, b, o); }
ALWI void sub_int32_tile(uint32_t a, uint32_t b, uint32_t o) { sub_int_tile<DataFormat::Int32>(a, b, o); }
ALWI void sub_uint16_tile(uint32_t a, uint32_t b, uint32_t o) { sub_int_tile<DataFormat::UInt16>(a, b, o); }
ALWI void mul_int32_tile(uint32_t a, uint32_t b, uint32_t o) { mul_int_tile<DataFormat::Int32>(a, b, o); }
ALWI void mul_uint16_tile(uint32_t a, uint32_t b, uint32_t o) { mul_int_tile<DataFormat::UInt16>(a, b, o); }
}  // namespace ckernel
