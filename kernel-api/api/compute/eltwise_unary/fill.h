// Every element of a DST tile := a constant.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void fill_tile_init() {}
ALWI void fill_tile(uint32_t idst, float value) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kFill, idst, ::zyxtt::kernel::f32_bits(value));
}
// `bits` is written as the SFPU's 32-bit value (an fp32 pattern).
ALWI void fill_tile_bitcast(uint32_t idst, uint32_t bits) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kFillBits, idst, bits);
}
// Int32 / UInt32 write the whole word; UInt16 the low 16 bits (LO16 store).
template <DataFormat data_format>
ALWI void fill_tile_int(uint32_t idst, uint32_t value) {
  static_assert(data_format == DataFormat::Int32 || data_format == DataFormat::UInt32 ||
                    data_format == DataFormat::UInt16,
                "fill_tile_int supports Int32, UInt32 and UInt16");
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kFillBits, idst,
                         data_format == DataFormat::UInt16 ? (value & 0xFFFFu) : value);
}
}  // namespace ckernel
