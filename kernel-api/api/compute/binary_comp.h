// Integer comparisons of two DST tiles: odst = (idst0 op idst1) ? 1 : 0, as
// integers. data_format Int32 compares signed; UInt32 and UInt16 (zero-extended
// in DST) compare unsigned.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
namespace zyxtt_detail {
template <DataFormat data_format>
constexpr void check_int_compare_format() {
  static_assert(data_format == DataFormat::Int32 || data_format == DataFormat::UInt32 ||
                    data_format == DataFormat::UInt16,
                "integer comparisons support Int32, UInt32 and UInt16");
}
}  // namespace zyxtt_detail

#define ZYXTT_INT_COMPARE(name, signed_op, unsigned_op)                                              \
  template <DataFormat data_format, bool fp32 = DST_ACCUM_MODE>                                    \
  ALWI void name##_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {                        \
    zyxtt_detail::check_int_compare_format<data_format>();                                           \
    zyxtt::krt::sfpu_binary(data_format == DataFormat::Int32 ? zyxtt::krt::SfpuBinaryOp::k##signed_op \
                                                             : zyxtt::krt::SfpuBinaryOp::k##unsigned_op, \
                            idst0, idst1, odst);                                                     \
  }                                                                                                  \
  template <DataFormat data_format>                                                                  \
  ALWI void name##_int_tile_init() {                                                                 \
    zyxtt_detail::check_int_compare_format<data_format>();                                           \
  }                                                                                                  \
  /* Older era: Int32 only, the result overwrites idst0. */                                          \
  ALWI void name##_int32_tile(uint32_t idst0, uint32_t idst1) {                                      \
    zyxtt::krt::sfpu_binary(zyxtt::krt::SfpuBinaryOp::k##signed_op, idst0, idst1, idst0);            \
  }                                                                                                  \
  ALWI void name##_int32_tile_init() {}

ZYXTT_INT_COMPARE(eq, EqInt32, EqInt32)
ZYXTT_INT_COMPARE(ne, NeInt32, NeInt32)
ZYXTT_INT_COMPARE(lt, LtInt32, LtUInt32)
ZYXTT_INT_COMPARE(gt, GtInt32, GtUInt32)
ZYXTT_INT_COMPARE(le, LeInt32, LeUInt32)
ZYXTT_INT_COMPARE(ge, GeInt32, GeUInt32)
#undef ZYXTT_INT_COMPARE
}  // namespace ckernel
