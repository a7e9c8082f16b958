// remainder_binary_tile: a mod b with the sign of b (torch.remainder); remainder_int32_tile on int32 words.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void remainder_binary_tile_init() {}
ALWI void remainder_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kRemainder, idst0, idst1, odst); }
ALWI void remainder_int32_tile_init() {}
ALWI void remainder_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kRemainderInt32, idst0, idst1, odst); }
}  // namespace ckernel
