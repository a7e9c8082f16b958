// The catch-all compute header: the SFPU ops tt-metal keeps here, plus every
// other compute header (they are all tiny, and some kernels rely on getting
// e.g. sin_tile through this one include).
#pragma once

#include "api/compute/common.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/binary_bitwise_sfpu.h"
#include "api/compute/add_int_sfpu.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/binary_shift.h"
#include "api/compute/binary_comp.h"
#include "api/compute/div_int32_sfpu.h"
#include "api/compute/div_int32_floor.h"

namespace ckernel {
template <bool fast_and_approx = false>
ALWI void sigmoid_tile_init() {}
template <int vector_mode = (int)VectorMode::RC, bool fast_and_approx = false>
ALWI void sigmoid_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kSigmoid, idst);
}

template <bool fast_and_approx = false>
ALWI void tanh_tile_init() {}
template <bool fast_and_approx = false>
ALWI void tanh_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kTanh, idst);
}

// Natural logarithm.
template <bool fast_and_approx = false>
ALWI void log_tile_init() {}
template <bool fast_and_approx = false>
ALWI void log_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLog, idst);
}
// ln(x) * base_scale; base_scale = fp32 bits of 1/ln(base).
template <bool fast_and_approx = false>
ALWI void log_with_base_tile_init() {}
template <bool fast_and_approx = false>
ALWI void log_with_base_tile(uint32_t idst, uint32_t base_scale) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kLogWithBase, idst, base_scale);
}

ALWI void exp2_tile_init() {}
ZYXTT_UNARY_FN(exp2_tile, Exp2)
template <bool approx = false>
ALWI void expm1_tile_init() {}
template <bool approx = false>
ALWI void expm1_tile(uint32_t idst) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kExpm1, idst);
}

ALWI void abs_tile_init() {}
ZYXTT_UNARY_FN(abs_tile, Abs)
ZYXTT_UNARY_FN(abs_tile_int32, AbsInt32)
ALWI void sign_tile_init() {}
ZYXTT_UNARY_FN(sign_tile, Sign)
ALWI void signbit_tile_init() {}
ZYXTT_UNARY_FN(signbit_tile, Signbit)
ZYXTT_UNARY_FN(signbit_tile_int32, SignbitInt32)
ALWI void square_tile_init() {}
ZYXTT_UNARY_FN(square_tile, Square)

// x^p, p an fp32 bit pattern; the iterative form takes an integer exponent.
ALWI void power_tile_init() {}
ALWI void power_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kPower, idst, param0);
}
ALWI void power_iterative_tile_init() {}
ALWI void power_iterative_tile(uint32_t idst, uint32_t exponent) {
  float p = static_cast<float>(exponent);
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kPower, idst, ::zyxtt::kernel::f32_bits(p));
}

ALWI void silu_tile_init() {}
ZYXTT_UNARY_FN(silu_tile, Silu)
ALWI void heaviside_tile_init() {}
ALWI void heaviside_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kHeaviside, idst, param0);
}
ALWI void unary_max_tile_init() {}
ALWI void unary_max_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kMaxScalar, idst, param0);
}
ALWI void unary_min_tile_init() {}
ALWI void unary_min_tile(uint32_t idst, uint32_t param0) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kMinScalar, idst, param0);
}
}  // namespace ckernel
