// tt-metal's api/compute/experimental/mul_reduce_scalar.h: a dot product of
// num_tiles tile pairs. DST[i] = A[i] * B[i] (the FPU multiply), then DST[0]
// holds at [0][0] the sum over all products, reduced as
// reduce_tile<SUM, REDUCE_SCALAR> with `scaler` in every scaler element
// (silicon applies it in both reduce passes; 1.0 by default); the rest of
// DST[0] reads 0. num_tiles is 1 to 8, DST indices 0 .. num_tiles-1.
#pragma once

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"

namespace ckernel {
ALWI void mul_reduce_scalar_init(uint32_t icb0, uint32_t icb1) {
  zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(false);
}
template <PoolType reduce_type = PoolType::SUM>
ALWI void mul_reduce_scalar_tile(uint32_t icb0, uint32_t icb1, uint32_t ocb, uint32_t num_tiles, float scaler = 1.0f) {
  static_assert(reduce_type == PoolType::SUM, "mul_reduce_scalar_tile: tt-metal implements PoolType::SUM only");
  zyxtt::krt::pack_reconfig(ocb);
  zyxtt::krt::mul_reduce_scalar(icb0, icb1, num_tiles, zyxtt::kernel::f32_bits(scaler));
}
ALWI void mul_reduce_scalar_uninit() {}
}  // namespace ckernel
