// snake_beta_tile<format>(x, alpha, beta, out): x + sin(alpha * x)^2 / beta,
// element-wise over three DST tiles.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <DataFormat data_format>
ALWI void snake_beta_tile(uint32_t idst_x, uint32_t idst_alpha, uint32_t idst_beta, uint32_t idst_out) {
  ::zyxtt::kernel::ternary(::zyxtt::krt::SfpuTernaryOp::kSnakeBeta, idst_x, idst_alpha, idst_beta, idst_out);
}
ALWI void snake_beta_tile_init() {}
}  // namespace ckernel
