// where_tile: out = c where the condition a is 0, else b. The template names
// the DST data: Int32 / UInt32 test a's raw word, float formats a's value
// (-0.0 counts as 0). The older era's where_fp32_tile / where_int32_tile /
// where_uint32_tile, and the 3-tile forms writing the condition's tile,
// map onto the same op.
#pragma once

#include "api/compute/common_globals.h"

namespace zyxtt::kernel {
constexpr krt::SfpuTernaryOp where_op(DataFormat f) {
  return f == DataFormat::Int32 || f == DataFormat::UInt32 ? krt::SfpuTernaryOp::kWhereInt32
                                                           : krt::SfpuTernaryOp::kWhere;
}
}  // namespace zyxtt::kernel

namespace ckernel {
ALWI void where_tile_init() {}
template <DataFormat data_format>
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  static_assert(data_format == DataFormat::Float32 || data_format == DataFormat::Float16_b ||
                    data_format == DataFormat::Int32 || data_format == DataFormat::UInt32,
                "where_tile supports Float32, Float16_b, Int32 and UInt32");
  ::zyxtt::kernel::ternary(::zyxtt::kernel::where_op(data_format), idst0, idst1, idst2, odst);
}
// Older era.
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  where_tile<DataFormat::Float16_b>(idst0, idst1, idst2, odst);
}
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2) { where_tile(idst0, idst1, idst2, idst0); }
ALWI void where_fp32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  where_tile<DataFormat::Float32>(idst0, idst1, idst2, odst);
}
ALWI void where_fp32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2) { where_fp32_tile(idst0, idst1, idst2, idst0); }
ALWI void where_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  where_tile<DataFormat::Int32>(idst0, idst1, idst2, odst);
}
ALWI void where_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2) {
  where_int32_tile(idst0, idst1, idst2, idst0);
}
ALWI void where_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  where_tile<DataFormat::UInt32>(idst0, idst1, idst2, odst);
}
ALWI void where_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2) {
  where_uint32_tile(idst0, idst1, idst2, idst0);
}
}  // namespace ckernel
