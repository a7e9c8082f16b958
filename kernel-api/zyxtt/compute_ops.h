// The one list of SFPU / FPU operations the compute API can ask the emulator
// for. Kernel-API headers name an op by its enum value; the emulator's math
// library (src/device/emu/compute/tile_math.cpp) holds one body per entry.
// Adding an op: one line here, one body there, one wrapper in the API header.
//
// The numbers are the kernel ABI (krt_abi.h): a kernel object passes them to
// the emulator. Each list's values are 0..N-1, each given once; a new op takes
// the list's next value, wherever its line goes, and no value ever changes
// (tests/unit/kernel_abi_numbering.golden pins them all).
#pragma once

#include <cstddef>
#include <cstdint>

// X(EnumName, api_name, value) -- api_name is only used in error messages.
// Float ops: element x (fp32) -> fp32. p0/p1 are the call's 32-bit params.
#define ZYXTT_SFPU_UNARY_OPS(X)                                                             \
  X(Sin, sin_tile, 0) X(Cos, cos_tile, 1) X(Tan, tan_tile, 2)                               \
  X(Asin, asin_tile, 3) X(Acos, acos_tile, 4) X(Atan, atan_tile, 5)                         \
  X(Sinh, sinh_tile, 6) X(Cosh, cosh_tile, 7)                                               \
  X(Asinh, asinh_tile, 8) X(Acosh, acosh_tile, 9) X(Atanh, atanh_tile, 10)                  \
  X(Exp, exp_tile, 11) X(Exp2, exp2_tile, 12) X(Expm1, expm1_tile, 13)                      \
  X(Log, log_tile, 14) X(LogWithBase, log_with_base_tile, 15) X(Log1p, log1p_tile, 16)      \
  X(Sqrt, sqrt_tile, 17) X(Rsqrt, rsqrt_tile, 18) X(Recip, recip_tile, 19)                  \
  X(Negative, negative_tile, 20) X(Abs, abs_tile, 21) X(Sign, sign_tile, 22)                \
  X(Signbit, signbit_tile, 23) X(Square, square_tile, 24) X(Power, power_tile, 25)          \
  X(Floor, floor_tile, 26) X(Ceil, ceil_tile, 27) X(Trunc, trunc_tile, 28)                  \
  X(Frac, frac_tile, 29) X(Round, round_tile, 30)                                           \
  X(Tanh, tanh_tile, 31) X(Sigmoid, sigmoid_tile, 32) X(Silu, silu_tile, 33)                \
  X(Relu, relu_tile, 34) X(ReluMax, relu_max_tile, 35) X(ReluMin, relu_min_tile, 36)        \
  X(LeakyRelu, leaky_relu_tile, 37) X(Elu, elu_tile, 38)                                    \
  X(Gelu, gelu_tile, 39) X(GeluFast, gelu_tile_fast, 40) X(GeluTanh, gelu_tanh_tile, 41)    \
  X(Erf, erf_tile, 42) X(Erfc, erfc_tile, 43)                                               \
  X(Hardsigmoid, hardsigmoid_tile, 44) X(Softsign, softsign_tile, 45)                       \
  X(Heaviside, heaviside_tile, 46) X(Isinf, isinf_tile, 47) X(Isnan, isnan_tile, 48)        \
  X(Isfinite, isfinite_tile, 49) X(LogicalNot, logical_not_unary_tile, 50)                  \
  X(AddScalar, add_unary_tile, 51) X(SubScalar, sub_unary_tile, 52)                         \
  X(RsubScalar, rsub_unary_tile, 53) X(MulScalar, mul_unary_tile, 54)                       \
  X(DivScalar, div_unary_tile, 55) X(MaxScalar, unary_max_tile, 56)                         \
  X(MinScalar, unary_min_tile, 57) X(Fill, fill_tile, 58)                                   \
  X(Identity, identity_tile, 59)                                                            \
  X(Clamp, clamp_tile, 60) X(Threshold, threshold_tile, 61)                                 \
  X(Softplus, softplus_tile, 62) X(Selu, selu_tile, 63) X(Mish, mish_tile, 64)              \
  X(Hardmish, hardmish_tile, 65) X(Cbrt, cbrt_tile, 66)                                     \
  X(RemainderScalar, remainder_tile, 67) X(FmodScalar, fmod_tile, 68)                       \
  X(Rdiv, rdiv_tile, 69) X(Rpow, rpow_tile, 70) X(TanhDerivative, tanh_derivative_tile, 71) \
  X(I0, i0_tile, 72) X(I1, i1_tile, 73) X(Lgamma, lgamma_stirling_tile, 74)                 \
  X(Erfinv, erfinv_tile, 75) X(Digamma, digamma_tile, 76)                                   \
  X(UnaryEq, unary_eq_tile, 77) X(UnaryNe, unary_ne_tile, 78)                               \
  X(UnaryGt, unary_gt_tile, 79) X(UnaryGe, unary_ge_tile, 80)                               \
  X(UnaryLt, unary_lt_tile, 81) X(UnaryLe, unary_le_tile, 82)                               \
  /* kapi-ops: xielu (p0 alpha_p, p1 alpha_n); polygamma (p0 n, p1 scale) */                \
  X(Xielu, xielu_tile, 83) X(Polygamma, polygamma_tile, 84)                                 \
  /* bit-pattern ops: element = raw 32-bit DST word */                                      \
  X(BitwiseNot, bitwise_not_tile, 85) X(NegativeInt32, negative_tile_int32, 86)             \
  X(AbsInt32, abs_tile_int32, 87) X(FillBits, fill_tile_bitcast, 88)                        \
  X(BitwiseAndScalar, bitwise_and_tile, 89) X(BitwiseOrScalar, bitwise_or_tile, 90)         \
  X(BitwiseXorScalar, bitwise_xor_tile, 91) X(LeftShiftScalar, left_shift_tile, 92)         \
  X(RightShiftScalar, right_shift_tile, 93) X(ReluInt32, relu_tile_int32, 94)               \
  X(SignbitInt32, signbit_tile_int32, 95)                                                   \
  X(AddScalarInt32, add_unary_tile_int32, 96) X(SubScalarInt32, sub_unary_tile_int32, 97)   \
  X(ReluMaxInt32, relu_max_tile_int32, 98) X(ReluMinInt32, relu_min_tile_int32, 99)         \
  X(ReluMaxUInt32, relu_max_tile_uint32, 100) X(ReluMinUInt32, relu_min_tile_uint32, 101)   \
  X(ClampInt32, clamp_tile_int32, 102) X(RsubScalarInt32, rsub_unary_int32_tile, 103)       \
  X(UnaryEqInt32, unary_eq_tile_int32, 104) X(UnaryNeInt32, unary_ne_tile_int32, 105)       \
  X(UnaryGtInt32, unary_gt_tile_int32, 106) X(UnaryGeInt32, unary_ge_tile_int32, 107)       \
  X(UnaryLtInt32, unary_lt_tile_int32, 108) X(UnaryLeInt32, unary_le_tile_int32, 109)

// Binary SFPU ops on two DST tiles: out = a op b.
#define ZYXTT_SFPU_BINARY_OPS(X)                                                                \
  X(Add, add_binary_tile, 0) X(Sub, sub_binary_tile, 1) X(Rsub, rsub_binary_tile, 2)            \
  X(Mul, mul_binary_tile, 3) X(Div, div_binary_tile, 4)                                         \
  X(DivNoNan, div_no_nan_binary_tile, 5) X(Power, power_binary_tile, 6)                         \
  X(Max, binary_max_tile, 7) X(Min, binary_min_tile, 8)                                         \
  X(Eq, eq_binary_tile, 9) X(Ne, ne_binary_tile, 10) X(Lt, lt_binary_tile, 11)                  \
  X(Gt, gt_binary_tile, 12) X(Le, le_binary_tile, 13) X(Ge, ge_binary_tile, 14)                 \
  /* bit-pattern ops */                                                                         \
  X(AddInt32, add_int32_tile, 15) X(SubInt32, sub_int32_tile, 16)                               \
  X(MulInt32, mul_int32_tile, 17) X(BitwiseAnd, bitwise_and_binary_tile, 18)                    \
  X(BitwiseOr, bitwise_or_binary_tile, 19) X(BitwiseXor, bitwise_xor_binary_tile, 20)           \
  X(LeftShift, binary_left_shift_tile, 21) X(RightShift, binary_right_shift_tile, 22)           \
  X(LogicalRightShift, binary_logical_right_shift_tile, 23)                                     \
  X(MaxInt32, binary_max_int32_tile, 24) X(MinInt32, binary_min_int32_tile, 25)                 \
  X(MaxUInt32, binary_max_uint32_tile, 26) X(MinUInt32, binary_min_uint32_tile, 27)             \
  X(RsubInt32, rsub_int_tile, 28)                                                               \
  /* integer comparisons (binary_comp.h): 1 / 0 as integers. Eq/Ne serve all  */                \
  /* integer formats; UInt16 words are zero-extended, so it uses the UInt32 ops */              \
  X(EqInt32, eq_int_tile, 29) X(NeInt32, ne_int_tile, 30)                                       \
  X(LtInt32, lt_int_tile, 31) X(GtInt32, gt_int_tile, 32)                                       \
  X(LeInt32, le_int_tile, 33) X(GeInt32, ge_int_tile, 34)                                       \
  X(LtUInt32, lt_int_tile_uint, 35) X(GtUInt32, gt_int_tile_uint, 36)                           \
  X(LeUInt32, le_int_tile_uint, 37) X(GeUInt32, ge_int_tile_uint, 38)                           \
  /* integer division: div_int32_tile gives an fp32 quotient, floor / trunc  */                 \
  /* forms give int32 */                                                                        \
  X(DivInt32, div_int32_tile, 39) X(DivInt32Floor, div_int32_floor_tile, 40)                    \
  X(DivInt32Trunc, div_int32_trunc_tile, 41)                                                    \
  /* float ops added with their headers */                                                      \
  X(Remainder, remainder_binary_tile, 42) X(Fmod, fmod_binary_tile, 43)                         \
  X(Atan2, atan2_binary_tile, 44) X(Xlogy, xlogy_binary_tile, 45)                               \
  X(Logsigmoid, logsigmoid_tile, 46)                                                            \
  /* integer ops added with their headers */                                                    \
  X(RemainderInt32, remainder_int32_tile, 47) X(FmodInt32, fmod_int32_tile, 48)                 \
  X(Gcd, gcd_tile, 49) X(Lcm, lcm_tile, 50)                                                     \
  X(CopyDest, copy_dest_values, 51) /* out = a's word */                                        \
  /* kapi-ops: lgamma of z = (a < 0.5 ? 1 - a : a); b (log z) is not read */                    \
  X(LgammaStirlingFloat, lgamma_stirling_float_tile, 52)                                        \
  /* mask.h: a, or 0 (+inf) where b is 0; the Int32 form on raw words */                        \
  X(Mask, mask_tile, 53) X(MaskInt32, mask_tile<Int32>, 54) X(MaskPosinf, mask_posinf_tile, 55)

// Ternary SFPU ops on three DST tiles: out = f(a, b, c), p0 / p1 32-bit params.
// where: c where a is 0, else b (Where: a as a float, -0 is 0; WhereInt32:
// a's raw word); lerp: a + c * (b - a); addcmul: a + p0 * b * c; addcdiv:
// a + p0 * b / c (p0: the value's fp32 bits).
// kapi-ops: lgamma_adjusted: c < 0.5 ? ln(pi) - b - a : a (a: lgamma of the
// reflected argument, b: log|sin(pi c)|, c: x); quant / requant / dequant
// (quantization.h): a the input, b the scale, p0 the zero point's fp32 bits,
// c not read. isclose / isclose_nan (isclose.h): |a - b| <= atol + rtol * |b|
// as 1.0 / 0.0, p0 rtol's and p1 atol's fp32 bits, c not read; NaN never
// close, except both NaN in isclose_nan (EQUAL_NAN).
#define ZYXTT_SFPU_TERNARY_OPS(X)                                                   \
  X(Where, where_tile, 0) X(WhereInt32, where_tile<Int32>, 1) X(Lerp, lerp_tile, 2) \
  X(Addcmul, addcmul_tile, 3) X(Addcdiv, addcdiv_tile, 4)                           \
  X(LgammaAdjusted, lgamma_adjusted_tile, 5) X(Quant, quant_tile, 6)                \
  X(Requant, requant_tile, 7) X(Dequant, dequant_tile, 8)                           \
  X(Isclose, isclose_binary_tile, 9) X(IscloseNan, isclose_binary_tile<true>, 10)   \
  X(SnakeBeta, snake_beta_tile, 11) /* a + sin(b * a)^2 / c */

// FPU (matrix engine) element-wise ops on two CB tiles.
#define ZYXTT_FPU_BINARY_OPS(X) X(Add, add_tiles, 0) X(Sub, sub_tiles, 1) X(Mul, mul_tiles, 2)

// How the second FPU operand is spread over the tile (bcast.h): its column 0
// (kCol: out[r][c] = A[r][c] op B[r][0]), its row 0 (kRow: B[0][c]) or its
// element [0][0] (kScalar). Values match tt-metal's BroadcastType.
#define ZYXTT_FPU_BCAST(X) X(None, 0) X(Col, 1) X(Row, 2) X(Scalar, 3)
// reduce.h: PoolType and ReduceDim.
#define ZYXTT_REDUCE_POOLS(X) X(Sum, 0) X(Avg, 1) X(Max, 2)
#define ZYXTT_REDUCE_DIMS(X) X(Row, 0) X(Col, 1) X(Scalar, 2)

namespace zyxtt::krt {

// kCount: how many ops the list has (the emulator refuses values from it on).
#define ZYXTT_ENUM_ENTRY(name, api, value) k##name = value,
#define ZYXTT_ENUM_ONE(...) +1
#define ZYXTT_OP_ENUM(Type, LIST) \
  enum class Type : uint32_t { LIST(ZYXTT_ENUM_ENTRY) kCount = 0 LIST(ZYXTT_ENUM_ONE) }
ZYXTT_OP_ENUM(SfpuUnaryOp, ZYXTT_SFPU_UNARY_OPS);
ZYXTT_OP_ENUM(SfpuBinaryOp, ZYXTT_SFPU_BINARY_OPS);
ZYXTT_OP_ENUM(SfpuTernaryOp, ZYXTT_SFPU_TERNARY_OPS);
ZYXTT_OP_ENUM(FpuBinaryOp, ZYXTT_FPU_BINARY_OPS);
#undef ZYXTT_OP_ENUM
#undef ZYXTT_ENUM_ONE
#undef ZYXTT_ENUM_ENTRY

// A list's values are 0..N-1, each once.
template <std::size_t N>
constexpr bool numbered_densely(const uint32_t (&values)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    if (values[i] >= N) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (values[i] == values[j]) return false;
  }
  return true;
}
#define ZYXTT_OP_VALUE(name, api, value) value,
#define ZYXTT_CHECK_NUMBERING(LIST) \
  static_assert(numbered_densely({LIST(ZYXTT_OP_VALUE)}), #LIST ": values must be 0..N-1, each once")
ZYXTT_CHECK_NUMBERING(ZYXTT_SFPU_UNARY_OPS);
ZYXTT_CHECK_NUMBERING(ZYXTT_SFPU_BINARY_OPS);
ZYXTT_CHECK_NUMBERING(ZYXTT_SFPU_TERNARY_OPS);
ZYXTT_CHECK_NUMBERING(ZYXTT_FPU_BINARY_OPS);
#undef ZYXTT_CHECK_NUMBERING
#undef ZYXTT_OP_VALUE

#define ZYXTT_ENUM_VALUE(name, value) k##name = value,
enum class Bcast : uint32_t { ZYXTT_FPU_BCAST(ZYXTT_ENUM_VALUE) };
enum class ReducePool : uint32_t { ZYXTT_REDUCE_POOLS(ZYXTT_ENUM_VALUE) };
enum class ReduceDim : uint32_t { ZYXTT_REDUCE_DIMS(ZYXTT_ENUM_VALUE) };
#undef ZYXTT_ENUM_VALUE

// sfpu_binary flags.
inline constexpr uint32_t kSfpuRoundNearestEven = 1;  // DstRoundingMode::NearestEven

}  // namespace zyxtt::krt
