// logsigmoid_tile(x, e^-x, out): log(sigmoid(x)) = -log(1 + e^-x), from x and a tile holding e^-x.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void logsigmoid_tile_init() {}
ALWI void logsigmoid_tile(uint32_t idst_in0, uint32_t idst_in1, uint32_t idst_out) {
  ::zyxtt::krt::sfpu_binary(::zyxtt::krt::SfpuBinaryOp::kLogsigmoid, idst_in0, idst_in1, idst_out);
}
}  // namespace ckernel
