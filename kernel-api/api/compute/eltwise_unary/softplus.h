// softplus_tile(idst, beta, 1/beta, threshold): log(1 + e^(beta x)) / beta, x itself where beta x > threshold.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void softplus_tile_init() {}
ALWI void softplus_tile_init_pack() {}
ALWI void softplus_tile(uint32_t idst, uint32_t beta, uint32_t /*beta_reciprocal*/, uint32_t threshold) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSoftplus, idst, beta, threshold); }
ALWI void softplus_tile_pack(uint32_t idst, uint32_t beta, uint32_t beta_reciprocal, uint32_t threshold) {
  softplus_tile(idst, beta, beta_reciprocal, threshold);
}
}  // namespace ckernel
