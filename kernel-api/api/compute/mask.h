// mask_tile(data, mask, format): data's elements become 0 where the mask
// tile's are 0 (Float16_b / Float16: the value, -0 included; Int32: the
// word); other formats leave data alone, as silicon has no kernel for them.
// mask_posinf_tile writes +inf instead. As at tt-metal's pinned commit, the
// mask is DST tile data + 1 whatever `idst2_mask` says.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void mask_tile_init() {}
ALWI void mask_tile(uint32_t idst_data, uint32_t idst2_mask, DataFormat data_format = DataFormat::Float16_b) {
  (void)idst2_mask;
  if (data_format == DataFormat::Float16_b || data_format == DataFormat::Float16)
    ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kMask, idst_data, idst_data + 1, idst_data);
  else if (data_format == DataFormat::Int32)
    ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kMaskInt32, idst_data, idst_data + 1, idst_data);
}
ALWI void mask_posinf_tile(uint32_t idst_data, uint32_t idst2_mask) {
  (void)idst2_mask;
  ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kMaskPosinf, idst_data, idst_data + 1, idst_data);
}
}  // namespace ckernel
