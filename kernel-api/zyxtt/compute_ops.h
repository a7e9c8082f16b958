// The one list of SFPU / FPU operations the compute API can ask the emulator
// for. Kernel-API headers name an op by its enum value; the emulator's math
// library (src/device/emu/compute/tile_math.cpp) holds one body per entry.
// Adding an op: one line here, one body there, one wrapper in the API header.
#pragma once

#include <cstdint>

// X(EnumName, api_name) -- api_name is only used in error messages.
// Float ops: element x (fp32) -> fp32. p0/p1 are the call's 32-bit params.
#define ZYXTT_SFPU_UNARY_OPS(X)                                            \
  X(Sin, sin_tile) X(Cos, cos_tile) X(Tan, tan_tile)                       \
  X(Asin, asin_tile) X(Acos, acos_tile) X(Atan, atan_tile)                 \
  X(Sinh, sinh_tile) X(Cosh, cosh_tile)                                    \
  X(Asinh, asinh_tile) X(Acosh, acosh_tile) X(Atanh, atanh_tile)           \
  X(Exp, exp_tile) X(Exp2, exp2_tile) X(Expm1, expm1_tile)                 \
  X(Log, log_tile) X(LogWithBase, log_with_base_tile) X(Log1p, log1p_tile) \
  X(Sqrt, sqrt_tile) X(Rsqrt, rsqrt_tile) X(Recip, recip_tile)             \
  X(Negative, negative_tile) X(Abs, abs_tile) X(Sign, sign_tile)           \
  X(Signbit, signbit_tile) X(Square, square_tile) X(Power, power_tile)     \
  X(Floor, floor_tile) X(Ceil, ceil_tile) X(Trunc, trunc_tile)             \
  X(Frac, frac_tile) X(Round, round_tile)                                  \
  X(Tanh, tanh_tile) X(Sigmoid, sigmoid_tile) X(Silu, silu_tile)           \
  X(Relu, relu_tile) X(ReluMax, relu_max_tile) X(ReluMin, relu_min_tile)   \
  X(LeakyRelu, leaky_relu_tile) X(Elu, elu_tile)                           \
  X(Gelu, gelu_tile) X(GeluFast, gelu_tile_fast) X(GeluTanh, gelu_tanh_tile) \
  X(Erf, erf_tile) X(Erfc, erfc_tile)                                      \
  X(Hardsigmoid, hardsigmoid_tile) X(Softsign, softsign_tile)              \
  X(Heaviside, heaviside_tile) X(Isinf, isinf_tile) X(Isnan, isnan_tile)   \
  X(Isfinite, isfinite_tile) X(LogicalNot, logical_not_unary_tile)         \
  X(AddScalar, add_unary_tile) X(SubScalar, sub_unary_tile)                \
  X(RsubScalar, rsub_unary_tile) X(MulScalar, mul_unary_tile)              \
  X(DivScalar, div_unary_tile) X(MaxScalar, unary_max_tile)                \
  X(MinScalar, unary_min_tile) X(Fill, fill_tile)                          \
  X(Identity, identity_tile)                                               \
  X(Clamp, clamp_tile) X(Threshold, threshold_tile)                        \
  X(Softplus, softplus_tile) X(Selu, selu_tile) X(Mish, mish_tile)         \
  X(Hardmish, hardmish_tile) X(Cbrt, cbrt_tile)                            \
  X(RemainderScalar, remainder_tile) X(FmodScalar, fmod_tile)              \
  X(Rdiv, rdiv_tile) X(Rpow, rpow_tile) X(TanhDerivative, tanh_derivative_tile) \
  X(I0, i0_tile) X(I1, i1_tile) X(Lgamma, lgamma_stirling_tile)                     \
  X(Erfinv, erfinv_tile) X(Digamma, digamma_tile)                          \
  X(UnaryEq, unary_eq_tile) X(UnaryNe, unary_ne_tile)                      \
  X(UnaryGt, unary_gt_tile) X(UnaryGe, unary_ge_tile)                      \
  X(UnaryLt, unary_lt_tile) X(UnaryLe, unary_le_tile)                      \
  /* kapi-ops: xielu (p0 alpha_p, p1 alpha_n); polygamma (p0 n, p1 scale) */ \
  X(Xielu, xielu_tile) X(Polygamma, polygamma_tile)                        \
  /* bit-pattern ops: element = raw 32-bit DST word */                     \
  X(BitwiseNot, bitwise_not_tile) X(NegativeInt32, negative_tile_int32)    \
  X(AbsInt32, abs_tile_int32) X(FillBits, fill_tile_bitcast)               \
  X(BitwiseAndScalar, bitwise_and_tile) X(BitwiseOrScalar, bitwise_or_tile) \
  X(BitwiseXorScalar, bitwise_xor_tile) X(LeftShiftScalar, left_shift_tile) \
  X(RightShiftScalar, right_shift_tile) X(ReluInt32, relu_tile_int32)     \
  X(SignbitInt32, signbit_tile_int32)                                      \
  X(AddScalarInt32, add_unary_tile_int32) X(SubScalarInt32, sub_unary_tile_int32) \
  X(ReluMaxInt32, relu_max_tile_int32) X(ReluMinInt32, relu_min_tile_int32) \
  X(ReluMaxUInt32, relu_max_tile_uint32) X(ReluMinUInt32, relu_min_tile_uint32) \
  X(ClampInt32, clamp_tile_int32) X(RsubScalarInt32, rsub_unary_int32_tile) \
  X(UnaryEqInt32, unary_eq_tile_int32) X(UnaryNeInt32, unary_ne_tile_int32) \
  X(UnaryGtInt32, unary_gt_tile_int32) X(UnaryGeInt32, unary_ge_tile_int32) \
  X(UnaryLtInt32, unary_lt_tile_int32) X(UnaryLeInt32, unary_le_tile_int32)

// Binary SFPU ops on two DST tiles: out = a op b.
#define ZYXTT_SFPU_BINARY_OPS(X)                                                 \
  X(Add, add_binary_tile) X(Sub, sub_binary_tile) X(Rsub, rsub_binary_tile)      \
  X(Mul, mul_binary_tile) X(Div, div_binary_tile)                                \
  X(DivNoNan, div_no_nan_binary_tile) X(Power, power_binary_tile)                \
  X(Max, binary_max_tile) X(Min, binary_min_tile)                                \
  X(Eq, eq_binary_tile) X(Ne, ne_binary_tile) X(Lt, lt_binary_tile)              \
  X(Gt, gt_binary_tile) X(Le, le_binary_tile) X(Ge, ge_binary_tile)              \
  /* bit-pattern ops */                                                          \
  X(AddInt32, add_int32_tile) X(SubInt32, sub_int32_tile)                        \
  X(MulInt32, mul_int32_tile) X(BitwiseAnd, bitwise_and_binary_tile)             \
  X(BitwiseOr, bitwise_or_binary_tile) X(BitwiseXor, bitwise_xor_binary_tile)    \
  X(LeftShift, binary_left_shift_tile) X(RightShift, binary_right_shift_tile)   \
  X(LogicalRightShift, binary_logical_right_shift_tile)                          \
  X(MaxInt32, binary_max_int32_tile) X(MinInt32, binary_min_int32_tile)          \
  X(MaxUInt32, binary_max_uint32_tile) X(MinUInt32, binary_min_uint32_tile)      \
  X(RsubInt32, rsub_int_tile)                                                    \
  /* integer comparisons (binary_comp.h): 1 / 0 as integers. Eq/Ne serve all  */ \
  /* integer formats; UInt16 words are zero-extended, so it uses the UInt32 ops */ \
  X(EqInt32, eq_int_tile) X(NeInt32, ne_int_tile)                                \
  X(LtInt32, lt_int_tile) X(GtInt32, gt_int_tile)                                \
  X(LeInt32, le_int_tile) X(GeInt32, ge_int_tile)                                \
  X(LtUInt32, lt_int_tile_uint) X(GtUInt32, gt_int_tile_uint)                    \
  X(LeUInt32, le_int_tile_uint) X(GeUInt32, ge_int_tile_uint)                    \
  /* integer division: div_int32_tile gives an fp32 quotient, floor / trunc  */  \
  /* forms give int32 */                                                         \
  X(DivInt32, div_int32_tile) X(DivInt32Floor, div_int32_floor_tile)             \
  X(DivInt32Trunc, div_int32_trunc_tile)                                        \
  /* float ops added with their headers */                                       \
  X(Remainder, remainder_binary_tile) X(Fmod, fmod_binary_tile)                  \
  X(Atan2, atan2_binary_tile) X(Xlogy, xlogy_binary_tile)                        \
  X(Logsigmoid, logsigmoid_tile)                                                 \
  /* integer ops added with their headers */                                     \
  X(RemainderInt32, remainder_int32_tile) X(FmodInt32, fmod_int32_tile)          \
  X(Gcd, gcd_tile) X(Lcm, lcm_tile)                                              \
  X(CopyDest, copy_dest_values) /* out = a's word */                            \
  /* kapi-ops: lgamma of z = (a < 0.5 ? 1 - a : a); b (log z) is not read */     \
  X(LgammaStirlingFloat, lgamma_stirling_float_tile)                            \
  /* mask.h: a, or 0 (+inf) where b is 0; the Int32 form on raw words */         \
  X(Mask, mask_tile) X(MaskInt32, mask_tile<Int32>) X(MaskPosinf, mask_posinf_tile)

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
#define ZYXTT_SFPU_TERNARY_OPS(X)                                               \
  X(Where, where_tile) X(WhereInt32, where_tile<Int32>) X(Lerp, lerp_tile)      \
  X(Addcmul, addcmul_tile) X(Addcdiv, addcdiv_tile)                             \
  X(LgammaAdjusted, lgamma_adjusted_tile) X(Quant, quant_tile)                  \
  X(Requant, requant_tile) X(Dequant, dequant_tile)                            \
  X(Isclose, isclose_binary_tile) X(IscloseNan, isclose_binary_tile<true>)     \
  X(SnakeBeta, snake_beta_tile) /* a + sin(b * a)^2 / c */

// FPU (matrix engine) element-wise ops on two CB tiles.
#define ZYXTT_FPU_BINARY_OPS(X) X(Add, add_tiles) X(Sub, sub_tiles) X(Mul, mul_tiles)

// How the second FPU operand is spread over the tile (bcast.h): its column 0
// (kCol: out[r][c] = A[r][c] op B[r][0]), its row 0 (kRow: B[0][c]) or its
// element [0][0] (kScalar). Values match tt-metal's BroadcastType.
#define ZYXTT_FPU_BCAST(X) X(None, 0) X(Col, 1) X(Row, 2) X(Scalar, 3)
// reduce.h: PoolType and ReduceDim.
#define ZYXTT_REDUCE_POOLS(X) X(Sum, 0) X(Avg, 1) X(Max, 2)
#define ZYXTT_REDUCE_DIMS(X) X(Row, 0) X(Col, 1) X(Scalar, 2)

namespace zyxtt::krt {

#define ZYXTT_ENUM_ENTRY(name, api) k##name,
enum class SfpuUnaryOp : uint32_t { ZYXTT_SFPU_UNARY_OPS(ZYXTT_ENUM_ENTRY) kCount };
enum class SfpuBinaryOp : uint32_t { ZYXTT_SFPU_BINARY_OPS(ZYXTT_ENUM_ENTRY) kCount };
enum class SfpuTernaryOp : uint32_t { ZYXTT_SFPU_TERNARY_OPS(ZYXTT_ENUM_ENTRY) kCount };
enum class FpuBinaryOp : uint32_t { ZYXTT_FPU_BINARY_OPS(ZYXTT_ENUM_ENTRY) kCount };
#undef ZYXTT_ENUM_ENTRY
#define ZYXTT_ENUM_VALUE(name, value) k##name = value,
enum class Bcast : uint32_t { ZYXTT_FPU_BCAST(ZYXTT_ENUM_VALUE) };
enum class ReducePool : uint32_t { ZYXTT_REDUCE_POOLS(ZYXTT_ENUM_VALUE) };
enum class ReduceDim : uint32_t { ZYXTT_REDUCE_DIMS(ZYXTT_ENUM_VALUE) };
#undef ZYXTT_ENUM_VALUE

// sfpu_binary flags.
inline constexpr uint32_t kSfpuRoundNearestEven = 1;  // DstRoundingMode::NearestEven

}  // namespace zyxtt::krt
