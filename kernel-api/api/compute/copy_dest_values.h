// copy_dest_values: DST tile idst_in copied word for word into idst_out. The
// format template only selects silicon's load/store mode; a copy of the raw
// 32-bit word is exact for every format. The untemplated form is tt-metal's
// deprecated older era.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <DataFormat DATA_FORMAT>
ALWI void copy_dest_values(uint32_t idst_in, uint32_t idst_out) {
  ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kCopyDest, idst_in, idst_in, idst_out);
}
[[deprecated("Use copy_dest_values<DataFormat> instead")]]
ALWI void copy_dest_values(uint32_t idst_in, uint32_t idst_out) {
  ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kCopyDest, idst_in, idst_in, idst_out);
}
ALWI void copy_dest_values_init() {}
}  // namespace ckernel
