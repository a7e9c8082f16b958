#include "device/emu/compute/tile_math.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <numbers>

#include "device/emu/compute/exp_values.h"
#include "device/emu/compute/formats.h"
#include "device/emu/compute/matmul_fused.h"
#include "zyxtt/data_format.h"
#include "zyxtt/format_facts.h"

namespace zyxtt::emu::compute {
namespace {

using krt::FpuBinaryOp;
using krt::SfpuBinaryOp;
using krt::SfpuUnaryOp;

// libm in fp32 (silicon uses polynomial approximations; fidelity notes later).
// Bodies see x (the element), fp0 / fp1 (params as floats) and p0 / p1 (raw).
#define ZYXTT_UNARY_FLOAT_BODIES(X)                                      \
  X(Sin, std::sin(x))                                                    \
  X(Cos, std::cos(x))                                                    \
  X(Tan, std::tan(x))                                                    \
  X(Asin, std::asin(x))                                                  \
  X(Acos, std::acos(x))                                                  \
  X(Atan, std::atan(x))                                                  \
  X(Sinh, std::sinh(x))                                                  \
  X(Cosh, std::cosh(x))                                                  \
  X(Asinh, std::asinh(x))                                                \
  X(Acosh, std::acosh(x))                                                \
  X(Atanh, std::atanh(x))                                                \
  X(Exp, std::exp(p1 ? x * fp0 : x))                                     \
  X(Exp2, std::exp2(x))                                                  \
  X(Expm1, std::expm1(x))                                                \
  X(Log, std::log(x))                                                    \
  X(LogWithBase, std::log(x) * fp0)                                      \
  X(Log1p, std::log1p(x))                                                \
  X(Sqrt, std::sqrt(x))                                                  \
  X(Rsqrt, 1.0f / std::sqrt(x))                                          \
  X(Recip, 1.0f / x)                                                     \
  X(Negative, -x)                                                        \
  X(Abs, std::fabs(x))                                                   \
  X(Sign, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : x))                      \
  X(Signbit, std::signbit(x) ? 1.0f : 0.0f)                              \
  X(Square, x * x)                                                       \
  X(Power, std::pow(x, fp0))                                             \
  X(Floor, std::floor(x))                                                \
  X(Ceil, std::ceil(x))                                                  \
  X(Trunc, std::trunc(x))                                                \
  X(Frac, x - std::trunc(x))                                             \
  X(Round, round_decimals(x, static_cast<int32_t>(p0)))                  \
  X(Tanh, std::tanh(x))                                                  \
  X(Sigmoid, 1.0f / (1.0f + std::exp(-x)))                               \
  X(Silu, x / (1.0f + std::exp(-x)))                                     \
  X(Relu, x > 0.0f ? x : 0.0f)                                           \
  X(ReluMax, min_num(x > 0.0f ? x : 0.0f, fp0))                        \
  X(ReluMin, x >= fp0 ? x : 0.0f)                                        \
  X(LeakyRelu, x >= 0.0f ? x : fp0 * x)                                  \
  X(Elu, x > 0.0f ? x : fp0 * std::expm1(x))                             \
  X(Gelu, 0.5f * x * (1.0f + std::erf(x * 0.70710678f)))                 \
  /* fast form: the tanh approximation (silicon: a piecewise LUT) */     \
  X(GeluFast, gelu_tanh(x))                                              \
  X(GeluTanh, gelu_tanh(x))                                              \
  X(Erf, std::erf(x))                                                    \
  X(Erfc, std::erfc(x))                                                  \
  X(Hardsigmoid, min_num(max_num(x * (1.0f / 6.0f) + 0.5f, 0.0f), 1.0f)) \
  X(Softsign, x / (1.0f + std::fabs(x)))                                 \
  X(Heaviside, x < 0.0f ? 0.0f : (x > 0.0f ? 1.0f : fp0))                \
  X(Isinf, std::isinf(x) ? 1.0f : 0.0f)                                  \
  X(Isnan, std::isnan(x) ? 1.0f : 0.0f)                                  \
  X(Isfinite, std::isfinite(x) ? 1.0f : 0.0f)                            \
  X(LogicalNot, x == 0.0f ? 1.0f : 0.0f)                                 \
  X(AddScalar, x + fp0)                                                  \
  X(SubScalar, x - fp0)                                                  \
  X(RsubScalar, fp0 - x)                                                 \
  X(MulScalar, x * fp0)                                                  \
  X(DivScalar, x / fp0)                                                  \
  X(MaxScalar, max_num(x, fp0))                                        \
  X(MinScalar, min_num(x, fp0))                                        \
  X(Fill, fp0)                                                           \
  X(Identity, x)                                                         \
  X(Clamp, min_num(max_num(x, fp0), fp1))                                \
  X(Threshold, x > fp0 ? x : fp1)                                        \
  X(Softplus, fp0 * x > fp1 ? x : std::log1p(std::exp(fp0 * x)) / fp0)   \
  X(Selu, fp0 * (x > 0.0f ? x : fp1 * std::expm1(x)))                    \
  X(Mish, x * std::tanh(x > 20.0f ? x : std::log1p(std::exp(x))))        \
  X(Hardmish, 0.5f * x * min_num(max_num(x + 2.0f, 0.0f), 2.0f))         \
  X(Cbrt, std::cbrt(x))                                                  \
  X(RemainderScalar, py_remainder(x, fp0))                               \
  X(FmodScalar, std::fmod(x, fp0))                                       \
  X(Rdiv, rounded_quotient(fp0, x, p1))                                  \
  X(Rpow, std::pow(fp0, x))                                              \
  X(TanhDerivative, 1.0f - std::tanh(x) * std::tanh(x))                  \
  X(I0, bessel_i(0, x))                                                  \
  X(I1, bessel_i(1, x))                                                  \
  X(Lgamma, lgamma_reflected(x))                                         \
  X(Erfinv, erfinv(x))                                                   \
  X(Digamma, digamma(x))                                                 \
  X(UnaryEq, x == fp0 ? 1.0f : 0.0f)                                     \
  X(UnaryNe, x != fp0 ? 1.0f : 0.0f)                                     \
  X(UnaryGt, x > fp0 ? 1.0f : 0.0f)                                      \
  X(UnaryGe, x >= fp0 ? 1.0f : 0.0f)                                     \
  X(UnaryLt, x < fp0 ? 1.0f : 0.0f)                                      \
  X(UnaryLe, x <= fp0 ? 1.0f : 0.0f)                                     \
  X(Xielu, xielu(x, fp0, fp1))                                           \
  X(Polygamma, polygamma(x, fp0, fp1))

// Bodies on the raw word u (integer DST data).
#define ZYXTT_UNARY_BITS_BODIES(X)                                       \
  X(BitwiseNot, ~u)                                                      \
  X(NegativeInt32, 0u - u)                                               \
  X(AbsInt32, static_cast<int32_t>(u) < 0 ? 0u - u : u)                  \
  X(FillBits, p0)                                                        \
  X(BitwiseAndScalar, u & p0)                                            \
  X(BitwiseOrScalar, u | p0)                                             \
  X(BitwiseXorScalar, u ^ p0)                                            \
  X(LeftShiftScalar, u << (p0 & 31))                                     \
  X(RightShiftScalar, static_cast<uint32_t>(static_cast<int32_t>(u) >> (p0 & 31))) \
  X(ReluInt32, static_cast<int32_t>(u) < 0 ? 0u : u)                     \
  X(SignbitInt32, u >> 31)                                               \
  X(AddScalarInt32, u + p0)                                              \
  X(SubScalarInt32, u - p0)                                              \
  X(ReluMaxInt32, static_cast<uint32_t>(clamp_i32(static_cast<int32_t>(u), 0, static_cast<int32_t>(p0)))) \
  X(ReluMinInt32, static_cast<int32_t>(u) >= static_cast<int32_t>(p0) ? u : 0u) \
  X(ReluMaxUInt32, u < p0 ? u : p0)                                      \
  X(ReluMinUInt32, u >= p0 ? u : 0u)                                     \
  X(ClampInt32, static_cast<uint32_t>(clamp_i32(static_cast<int32_t>(u), static_cast<int32_t>(p0), static_cast<int32_t>(p1)))) \
  X(RsubScalarInt32, p0 - u)                                             \
  X(UnaryEqInt32, u == p0 ? 1u : 0u)                                     \
  X(UnaryNeInt32, u != p0 ? 1u : 0u)                                     \
  X(UnaryGtInt32, static_cast<int32_t>(u) > static_cast<int32_t>(p0) ? 1u : 0u) \
  X(UnaryGeInt32, static_cast<int32_t>(u) >= static_cast<int32_t>(p0) ? 1u : 0u) \
  X(UnaryLtInt32, static_cast<int32_t>(u) < static_cast<int32_t>(p0) ? 1u : 0u) \
  X(UnaryLeInt32, static_cast<int32_t>(u) <= static_cast<int32_t>(p0) ? 1u : 0u)

// Binary bodies see a, b (floats) or ua, ub (raw words).
#define ZYXTT_BINARY_FLOAT_BODIES(X)                                     \
  X(Add, a + b)                                                          \
  X(Sub, a - b)                                                          \
  X(Rsub, b - a)                                                         \
  X(Mul, mul_zero_wins(a, b))                                            \
  X(Div, a / b)                                                          \
  X(DivNoNan, b == 0.0f ? 0.0f : a / b)                                  \
  X(Power, std::pow(a, b))                                               \
  X(Max, max_num(a, b))                                                \
  X(Min, min_num(a, b))                                                \
  X(Eq, a == b ? 1.0f : 0.0f)                                            \
  X(Ne, a != b ? 1.0f : 0.0f)                                            \
  X(Lt, a < b ? 1.0f : 0.0f)                                             \
  X(Gt, a > b ? 1.0f : 0.0f)                                             \
  X(Le, a <= b ? 1.0f : 0.0f)                                            \
  X(Ge, a >= b ? 1.0f : 0.0f)                                            \
  X(Remainder, py_remainder(a, b))                                       \
  X(Fmod, std::fmod(a, b))                                               \
  X(Atan2, std::atan2(a, b))                                             \
  X(Xlogy, a == 0.0f && !std::isnan(b) ? 0.0f : a * std::log(b))         \
  /* logsigmoid_tile(x, exp(-x)): -log(1 + e^-x); x itself once e^-x overflows */ \
  X(Logsigmoid, std::isinf(b) ? a : -std::log1p(b))                   \
  X(LgammaStirlingFloat, lgamma_reflected(a))                           \
  X(Mask, b == 0.0f ? 0.0f : a)                                          \
  X(MaskPosinf, b == 0.0f ? std::numeric_limits<float>::infinity() : a)

#define ZYXTT_BINARY_BITS_BODIES(X)                                      \
  X(AddInt32, ua + ub)                                                   \
  X(SubInt32, ua - ub)                                                   \
  X(MulInt32, ua * ub)                                                   \
  X(BitwiseAnd, ua & ub)                                                 \
  X(BitwiseOr, ua | ub)                                                  \
  X(BitwiseXor, ua ^ ub)                                                 \
  X(LeftShift, ua << (ub & 31))                                          \
  X(RightShift, static_cast<uint32_t>(static_cast<int32_t>(ua) >> (ub & 31))) \
  X(LogicalRightShift, ua >> (ub & 31))                                  \
  X(MaxInt32, static_cast<int32_t>(ua) > static_cast<int32_t>(ub) ? ua : ub) \
  X(MinInt32, static_cast<int32_t>(ua) < static_cast<int32_t>(ub) ? ua : ub) \
  X(MaxUInt32, ua > ub ? ua : ub)                                        \
  X(MinUInt32, ua < ub ? ua : ub)                                       \
  X(RsubInt32, ub - ua)                                                  \
  X(EqInt32, ua == ub ? 1u : 0u)                                         \
  X(NeInt32, ua != ub ? 1u : 0u)                                         \
  X(LtInt32, static_cast<int32_t>(ua) < static_cast<int32_t>(ub) ? 1u : 0u) \
  X(GtInt32, static_cast<int32_t>(ua) > static_cast<int32_t>(ub) ? 1u : 0u) \
  X(LeInt32, static_cast<int32_t>(ua) <= static_cast<int32_t>(ub) ? 1u : 0u) \
  X(GeInt32, static_cast<int32_t>(ua) >= static_cast<int32_t>(ub) ? 1u : 0u) \
  X(LtUInt32, ua < ub ? 1u : 0u)                                         \
  X(GtUInt32, ua > ub ? 1u : 0u)                                         \
  X(LeUInt32, ua <= ub ? 1u : 0u)                                        \
  X(GeUInt32, ua >= ub ? 1u : 0u)                                        \
  X(DivInt32, f2u(div_int32_float(ua, ub)))                              \
  X(DivInt32Floor, div_int32_exact(ua, ub, true))                        \
  X(DivInt32Trunc, div_int32_exact(ua, ub, false))                      \
  X(RemainderInt32, int32_remainder(ua, ub, true))                       \
  X(FmodInt32, int32_remainder(ua, ub, false))                           \
  X(Gcd, static_cast<uint32_t>(std::gcd(int64_t(static_cast<int32_t>(ua)), int64_t(static_cast<int32_t>(ub))))) \
  X(Lcm, static_cast<uint32_t>(std::lcm(int64_t(static_cast<int32_t>(ua)), int64_t(static_cast<int32_t>(ub))))) \
  X(CopyDest, ua)                                                        \
  X(MaskInt32, ub == 0 ? 0u : ua)

// round_tile: half to even at `decimals` decimal places (torch.round).
inline float round_decimals(float x, int32_t decimals) {
  if (decimals == 0) return std::nearbyint(x);
  double s = std::pow(10.0, decimals);
  return static_cast<float>(std::nearbyint(static_cast<double>(x) * s) / s);
}

// max / min that ignore a NaN operand, signalling or quiet (libm's fmax
// returns NaN for a signalling one; the SFPU raises nothing).
inline float max_num(float a, float b) { return std::isnan(a) ? b : (std::isnan(b) ? a : (a > b ? a : b)); }
inline float min_num(float a, float b) { return std::isnan(a) ? b : (std::isnan(b) ? a : (a < b ? a : b)); }

inline float gelu_tanh(float x) {
  return 0.5f * x * (1.0f + std::tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
}

// WH/BH SFPU multiply forces 0 * anything (inf, NaN included) to 0.
inline float mul_zero_wins(float a, float b) {
  if (a == 0.0f || b == 0.0f) return (std::signbit(a) != std::signbit(b)) ? -0.0f : 0.0f;
  return a * b;
}

inline int32_t clamp_i32(int32_t x, int32_t lo, int32_t hi) { return x < lo ? lo : (x > hi ? hi : x); }

// div_int32_tile: |a| and |b| converted to fp32 (RNE), a * (1 / b), sign of
// a ^ b; a == b != 0 gives exactly 1. The SFPU's reciprocal is an iterative
// approximation; here it is the correctly rounded 1 / b (|INT_MIN| is 2^31).
inline float div_int32_float(uint32_t ua, uint32_t ub) {
  if (ua == ub && ua != 0) return 1.0f;
  const uint32_t ma = static_cast<int32_t>(ua) < 0 ? 0u - ua : ua;
  const uint32_t mb = static_cast<int32_t>(ub) < 0 ? 0u - ub : ub;
  const float q = mul_zero_wins(static_cast<float>(ma), 1.0f / static_cast<float>(mb));
  return ((ua ^ ub) >> 31) ? -q : q;
}

// div_int32_floor_tile / div_int32_trunc_tile: exact integer quotient
// (silicon refines a float estimate to the exact result). INT_MIN / -1 wraps
// to INT_MIN; a zero divisor gives 0 (silicon: undefined, unconfirmed).
inline uint32_t div_int32_exact(uint32_t ua, uint32_t ub, bool floor) {
  const int64_t a = static_cast<int32_t>(ua), b = static_cast<int32_t>(ub);
  if (b == 0) return 0u;
  int64_t q = a / b;  // truncates toward zero
  if (floor && (a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
  return static_cast<uint32_t>(q);
}

// i0 / i1: libstdc++'s cyl_bessel_i throws past its range; fp32 overflows
// long before (|x| > ~90), so large arguments are infinite. Computed in
// double and rounded once; i1 is odd.
inline float bessel_i(int order, float x) {
  if (std::isnan(x)) return x;
  const float a = std::fabs(x);
  const float v = a > 100.0f ? std::numeric_limits<float>::infinity() : float(std::cyl_bessel_i(double(order), double(a)));
  return order == 1 ? std::copysign(v, x) : v;
}

// erfinv: Newton steps on erfc in double (1 - |x| is exact for an fp32 x, so
// the tail near +-1 keeps its precision) from a log-based first guess, rounded
// once; +-1 give +-inf, |x| > 1 NaN.
inline float erfinv(float xf) {
  constexpr double pi = std::numbers::pi;
  const double x = std::fabs(double(xf));
  if (std::isnan(x) || x > 1) return std::numeric_limits<float>::quiet_NaN();
  if (x == 1) return std::copysign(std::numeric_limits<float>::infinity(), xf);
  if (x == 0) return xf;
  const double t = std::log((1 - x) * (1 + x)), a = 0.147, c = 2 / (pi * a) + t / 2;
  double y = std::sqrt(std::sqrt(c * c - t / a) - c);
  for (int i = 0; i < 5; ++i) y += (std::erfc(y) - (1 - x)) / (2 / std::sqrt(pi) * std::exp(-y * y));
  return std::copysign(float(y), xf);
}

// digamma: reflection below 1/2, recurrence up to 6, then the asymptotic
// series; in double, rounded once. Poles (0, negative integers, -inf) as torch:
// 0 gives -inf, the others NaN.
inline double digamma_d(double x) {
  // tan has period pi: reducing x first keeps pi * x exact enough near poles.
  if (x < 0.5) return digamma_d(1 - x) - std::numbers::pi / std::tan(std::numbers::pi * (x - std::nearbyint(x)));
  double r = 0;
  for (; x < 6; x += 1) r -= 1 / x;
  const double f = 1 / (x * x);
  return r + std::log(x) - 0.5 / x -
         f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f * (1.0 / 132)))));
}
inline float digamma(float x) {
  if (x == 0) return -std::numeric_limits<float>::infinity();
  if (std::isnan(x) || x == -std::numeric_limits<float>::infinity() || (x < 0 && x == std::floor(x)))
    return std::numeric_limits<float>::quiet_NaN();
  if (std::isinf(x)) return x;
  return float(digamma_d(x));
}

// lgamma_stirling_tile / lgamma_stirling_float_tile: log|Gamma(z)| for
// z = 1 - x below 1/2 (the fp32 difference), else x; the reflection term is
// lgamma_adjusted_tile's. In double, rounded once (silicon: Stirling's series
// with Taylor bridges near 1 and 2).
inline float lgamma_reflected(float x) {
  const float z = x < 0.5f ? 1.0f - x : x;
  return float(std::lgamma(double(z)));
}

// xIELU: alpha_p x^2 + x / 2 above 0, else alpha_n (expm1(min(x, eps)) - x)
// + x / 2 with eps = -1e-6; in double, rounded once.
inline float xielu(float xf, float alpha_p, float alpha_n) {
  const double x = xf;
  if (x > 0) return float(alpha_p * x * x + 0.5 * x);
  return float(alpha_n * (std::expm1(std::min(x, -1e-6)) - x) + 0.5 * x);
}

// polygamma_tile(x, n, scale) = scale * sum_k 1 / (x + k)^(n + 1), scale being
// the caller's (-1)^(n+1) n!: ten terms summed, then Euler-Maclaurin's tail
// at z = x + 10 to the B10 term; in double, rounded once. For x > 0.
inline float polygamma(float xf, float nf, float scale) {
  const int n = int(nf);
  const double x = xf;
  double sum = 0;
  for (int k = 0; k < 10; ++k) sum += std::pow(x + k, -(n + 1));
  const double z = x + 10, s = n + 1;
  // sum_{k>=0} z'^-s over z' = z, z+1...: z^(1-s)/(s-1) + z^-s/2 + sum B2j/(2j)! s(s+1)..(s+2j-2) z^(-s-2j+1)
  double tail = std::pow(z, 1 - s) / (s - 1) + 0.5 * std::pow(z, -s);
  const double b[] = {1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66};
  double rising = s, fact = 2;
  for (int j = 1; j <= 5; ++j) {
    tail += b[j - 1] / fact * rising * std::pow(z, -s - 2 * j + 1);
    rising *= (s + 2 * j - 1) * (s + 2 * j);
    fact *= (2 * j + 1) * (2 * j + 2);
  }
  return float(scale * (sum + tail));
}

// Python's remainder: the sign of the divisor (torch.remainder).
inline float py_remainder(float x, float d) {
  float r = std::fmod(x, d);
  if (r != 0.0f && (r < 0.0f) != (d < 0.0f)) r += d;
  return r;
}

// rdiv_tile's RoundingMode (0 none, 1 trunc, 2 floor) applied to n / d.
inline float rounded_quotient(float n, float d, uint32_t mode) {
  const float q = n / d;
  return mode == 1 ? std::trunc(q) : mode == 2 ? std::floor(q) : q;
}

// Integer remainder with the sign of the divisor (python) or of the dividend
// (fmod); a zero divisor gives 0 (silicon: unconfirmed).
inline uint32_t int32_remainder(uint32_t ua, uint32_t ub, bool python) {
  const int64_t a = static_cast<int32_t>(ua), b = static_cast<int32_t>(ub);
  if (b == 0) return 0u;
  int64_t r = a % b;
  if (python && r != 0 && ((r < 0) != (b < 0))) r += b;
  return static_cast<uint32_t>(r);
}

template <class F>
inline void map_float(float* t, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = f(t[i]);
}
template <class F>
inline void map_bits(float* t, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = u2f(f(f2u(t[i])));
}
template <class F>
inline void zip_float(const float* a, const float* b, float* out, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) out[i] = f(a[i], b[i]);
}
template <class F>
inline void zip_bits(const float* a, const float* b, float* out, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) out[i] = u2f(f(f2u(a[i]), f2u(b[i])));
}

// ---- typecast helpers ------------------------------------------------------------
enum class Kind { kFloat, kInt, kOther };
Kind kind_of(uint32_t f) {
  switch (static_cast<tt::DataFormat>(f)) {
    case tt::DataFormat::Float32:
    case tt::DataFormat::Float16_b:
    case tt::DataFormat::Bfp8_b:
    case tt::DataFormat::Bfp4_b:
      return Kind::kFloat;
    case tt::DataFormat::Int32:
    case tt::DataFormat::UInt32:
    case tt::DataFormat::UInt16:
    case tt::DataFormat::UInt8:
    case tt::DataFormat::Int8:
      return Kind::kInt;
    default:
      return Kind::kOther;  // Float16 among them: no supported pair
  }
}

// The integer formats' facts (kind_of's kInt: the table's emulated integer rows).
const FormatFacts& int_facts(uint32_t f) { return *format_facts(f); }

// Integer value range of an integer format: its width and sign, but Int8 is
// sign-magnitude on silicon (-127..127).
void int_range(const FormatFacts& f, double& lo, double& hi) {
  if (f.format == tt::DataFormat::Int8) {
    lo = -127.0;
    hi = 127.0;
    return;
  }
  const int bits = 8 * static_cast<int>(f.element_bytes);
  lo = f.is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
  hi = std::ldexp(1.0, f.is_signed ? bits - 1 : bits) - 1.0;
}

// A signed format's word sign-extends from its width; an unsigned one's is taken whole.
double int_value(const FormatFacts& f, uint32_t u) {
  if (!f.is_signed) return u;
  const uint32_t shift = 32 - 8 * f.element_bytes;
  return static_cast<int32_t>(u << shift) >> shift;
}

uint32_t int_bits(const FormatFacts& f, double v) {
  return f.is_signed ? static_cast<uint32_t>(static_cast<int32_t>(v)) : static_cast<uint32_t>(v);
}

// Supported int <-> int pairs (kernel-api-compute.md section 8).
bool int_pair_supported(uint32_t in, uint32_t out) {
  using tt::DataFormat;
  auto is = [](uint32_t f, DataFormat d) { return f == static_cast<uint32_t>(d); };
  if (is(in, DataFormat::UInt16) || is(out, DataFormat::UInt16)) return true;  // UInt16 <-> UInt32/Int32/UInt8/Int8
  if (is(in, DataFormat::Int8) || is(out, DataFormat::Int8)) return true;      // Int32/UInt32/UInt8 <-> Int8
  return false;
}

}  // namespace

void apply_unary(SfpuUnaryOp op, float* t, uint32_t p0, uint32_t p1) {
  const float fp0 = u2f(p0);
  const float fp1 = u2f(p1);
  (void)fp1;
  if (op == SfpuUnaryOp::kExp) {  // its body below, 16 lanes at a time
    if (p1) map_float(t, [&](float x) { return x * fp0; });
    return exp_values(t, kTileElems);
  }
  switch (op) {
#define ZYXTT_CASE(name, ...)                                        \
  case SfpuUnaryOp::k##name:                                         \
    map_float(t, [&](float x) -> float { return (__VA_ARGS__); });   \
    return;
    ZYXTT_UNARY_FLOAT_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
#define ZYXTT_CASE(name, ...)                                          \
  case SfpuUnaryOp::k##name:                                           \
    map_bits(t, [&](uint32_t u) -> uint32_t { return (__VA_ARGS__); }); \
    return;
    ZYXTT_UNARY_BITS_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuUnaryOp::kCount:
      return;
  }
}

void apply_binary(SfpuBinaryOp op, const float* a_tile, const float* b_tile, float* out) {
  switch (op) {
#define ZYXTT_CASE(name, ...)                                                            \
  case SfpuBinaryOp::k##name:                                                            \
    zip_float(a_tile, b_tile, out, [](float a, float b) -> float { return (__VA_ARGS__); }); \
    return;
    ZYXTT_BINARY_FLOAT_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
#define ZYXTT_CASE(name, ...)                                                                    \
  case SfpuBinaryOp::k##name:                                                                    \
    zip_bits(a_tile, b_tile, out, [](uint32_t ua, uint32_t ub) -> uint32_t { return (__VA_ARGS__); }); \
    return;
    ZYXTT_BINARY_BITS_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuBinaryOp::kCount:
      return;
  }
}

float fidelity_mul(float x, float y, uint32_t phases) {
  // inf and NaN have no slices (silicon's FPU is not IEEE there anyway).
  if (phases >= 4 || !std::isfinite(x) || !std::isfinite(y)) return x * y;
  const float xh = u2f(f2u(x) & kSrcAHighMask), yh = u2f(f2u(y) & kSrcBHighMask);
  if (phases <= 1) return xh * yh;
  if (phases == 2) return x * yh;        // (xh + x_rest) * yh
  return x * yh + xh * (y - yh);         // + xh * y_rest
}

// FPU sources are TF32 at most; callers pass operands already reduced.
// add/sub always run LoFi (exact for TF32 operands); mul takes `phases`.
void apply_fpu_binary(FpuBinaryOp op, const float* a_tile, const float* b_tile, float* out, uint32_t phases) {
  switch (op) {
    case FpuBinaryOp::kAdd: zip_float(a_tile, b_tile, out, [](float a, float b) { return a + b; }); return;
    case FpuBinaryOp::kSub: zip_float(a_tile, b_tile, out, [](float a, float b) { return a - b; }); return;
    case FpuBinaryOp::kMul:
      if (phases >= 4) zip_float(a_tile, b_tile, out, [](float a, float b) { return a * b; });
      else zip_float(a_tile, b_tile, out, [phases](float a, float b) { return fidelity_mul(a, b, phases); });
      return;
    case FpuBinaryOp::kCount: return;
  }
}

namespace {
template <bool kTa, bool kTb, bool kAcc, class F>
inline void fpu_src_loop(const float* __restrict a, const float* __restrict b, float* __restrict out, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) {
    const float x = kTa ? tf32_truncate(a[i]) : a[i];
    const float y = kTb ? tf32_truncate(b[i]) : b[i];
    const float r = f(x, y);
    out[i] = kAcc ? out[i] + r : r;
  }
}
template <class F>
void fpu_src_dispatch(const float* a, const float* b, float* out, bool ta, bool tb, bool acc, F f) {
  const uint32_t k = (ta ? 4u : 0u) | (tb ? 2u : 0u) | (acc ? 1u : 0u);
  switch (k) {
    case 0: return fpu_src_loop<false, false, false>(a, b, out, f);
    case 1: return fpu_src_loop<false, false, true>(a, b, out, f);
    case 2: return fpu_src_loop<false, true, false>(a, b, out, f);
    case 3: return fpu_src_loop<false, true, true>(a, b, out, f);
    case 4: return fpu_src_loop<true, false, false>(a, b, out, f);
    case 5: return fpu_src_loop<true, false, true>(a, b, out, f);
    case 6: return fpu_src_loop<true, true, false>(a, b, out, f);
    default: return fpu_src_loop<true, true, true>(a, b, out, f);
  }
}
}  // namespace

// The accumulating mul rounds the product before the add (as the two-pass form
// did): the library is built with -ffp-contract=off, so no FMA fuses them.
void apply_fpu_binary_src(FpuBinaryOp op, const float* a, const float* b, float* out, bool tf32_a, bool tf32_b,
                          bool accumulate, uint32_t phases) {
  if (a == out || b == out || (op == FpuBinaryOp::kMul && phases < 4)) {  // the copying form
    alignas(64) float ta[kTileElems], tb[kTileElems], r[kTileElems];
    for (uint32_t i = 0; i < kTileElems; ++i) ta[i] = tf32_a ? tf32_truncate(a[i]) : a[i];
    for (uint32_t i = 0; i < kTileElems; ++i) tb[i] = tf32_b ? tf32_truncate(b[i]) : b[i];
    apply_fpu_binary(op, ta, tb, r, phases);
    for (uint32_t i = 0; i < kTileElems; ++i) out[i] = accumulate ? out[i] + r[i] : r[i];
    return;
  }
  switch (op) {
    case FpuBinaryOp::kAdd: return fpu_src_dispatch(a, b, out, tf32_a, tf32_b, accumulate, [](float x, float y) { return x + y; });
    case FpuBinaryOp::kSub: return fpu_src_dispatch(a, b, out, tf32_a, tf32_b, accumulate, [](float x, float y) { return x - y; });
    case FpuBinaryOp::kMul: return fpu_src_dispatch(a, b, out, tf32_a, tf32_b, accumulate, [](float x, float y) { return x * y; });
    case FpuBinaryOp::kCount: return;
  }
}

bool apply_typecast(float* t, uint32_t in, uint32_t out) {
  const Kind ki = kind_of(in), ko = kind_of(out);
  constexpr uint32_t kF32 = static_cast<uint32_t>(tt::DataFormat::Float32);
  constexpr uint32_t kBf16 = static_cast<uint32_t>(tt::DataFormat::Float16_b);
  if (ki == Kind::kFloat && ko == Kind::kFloat) {
    // Only fp32 -> bf16 does work on the SFPU (rounding believed RNE); the
    // other float pairs change format in unpack / pack only.
    if (in == kF32 && out == kBf16) {
      for (uint32_t i = 0; i < kTileElems; ++i) t[i] = bf16_to_f32(f32_to_bf16(t[i], Rounding::kNearestEven));
      return true;
    }
    return in != out && (in == kF32 || in == kBf16 || out == kF32 || out == kBf16);
  }
  if (ki == Kind::kFloat && ko == Kind::kInt) {
    // Round to nearest even and saturate (rounding unconfirmed); NaN -> 0.
    const FormatFacts& fo = int_facts(out);
    double lo, hi;
    int_range(fo, lo, hi);
    for (uint32_t i = 0; i < kTileElems; ++i) {
      double v = std::nearbyint(static_cast<double>(t[i]));
      if (std::isnan(v)) v = 0;
      v = v < lo ? lo : (v > hi ? hi : v);
      t[i] = u2f(int_bits(fo, v));
    }
    return true;
  }
  if (ki == Kind::kInt && ko == Kind::kFloat) {
    const bool to_bf16 = out == kBf16;
    const FormatFacts& fi = int_facts(in);
    for (uint32_t i = 0; i < kTileElems; ++i) {
      float v = static_cast<float>(int_value(fi, f2u(t[i])));
      t[i] = to_bf16 ? bf16_to_f32(f32_to_bf16(v, Rounding::kNearestEven)) : v;
    }
    return true;
  }
  if (ki == Kind::kInt && ko == Kind::kInt && in != out && int_pair_supported(in, out)) {
    const FormatFacts &fi = int_facts(in), &fo = int_facts(out);
    double lo, hi;
    int_range(fo, lo, hi);
    for (uint32_t i = 0; i < kTileElems; ++i) {
      double v = int_value(fi, f2u(t[i]));
      v = v < lo ? lo : (v > hi ? hi : v);
      t[i] = u2f(int_bits(fo, v));
    }
    return true;
  }
  return false;
}

bool binary_rounds_to_nearest(SfpuBinaryOp op) { return op == SfpuBinaryOp::kMul || op == SfpuBinaryOp::kDiv; }

bool unary_is_bitwise(SfpuUnaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, ...) case SfpuUnaryOp::k##name:
    ZYXTT_UNARY_BITS_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
    return true;
    default:
      return false;
  }
}

bool binary_is_bitwise(SfpuBinaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, ...) case SfpuBinaryOp::k##name:
    ZYXTT_BINARY_BITS_BODIES(ZYXTT_CASE)
#undef ZYXTT_CASE
    return true;
    default:
      return false;
  }
}

const char* unary_name(SfpuUnaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, api, value) case SfpuUnaryOp::k##name: return #api;
    ZYXTT_SFPU_UNARY_OPS(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuUnaryOp::kCount: break;
  }
  return "sfpu unary op";
}

const char* binary_name(SfpuBinaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, api, value) case SfpuBinaryOp::k##name: return #api;
    ZYXTT_SFPU_BINARY_OPS(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuBinaryOp::kCount: break;
  }
  return "sfpu binary op";
}

const char* fpu_name(FpuBinaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, api, value) case FpuBinaryOp::k##name: return #api;
    ZYXTT_FPU_BINARY_OPS(ZYXTT_CASE)
#undef ZYXTT_CASE
    case FpuBinaryOp::kCount: break;
  }
  return "fpu binary op";
}

// ---- layout-aware FPU bodies ----------------------------------------------------------
void tile_to_rows(const float* t, float* rows) {
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) rows[r * 32 + c] = t[tile_index(r, c)];
}

void rows_to_tile(const float* rows, float* t) {
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) t[tile_index(r, c)] = rows[r * 32 + c];
}

void broadcast_operand(krt::Bcast b, const float* in, float* out, uint32_t row) {
  switch (b) {
    case krt::Bcast::kNone:
      std::memcpy(out, in, kTileElems * sizeof(float));
      return;
    case krt::Bcast::kCol:
      for (uint32_t r = 0; r < 32; ++r)
        for (uint32_t c = 0; c < 32; ++c) out[tile_index(r, c)] = in[tile_index(r, 0)];
      return;
    case krt::Bcast::kRow:
      for (uint32_t r = 0; r < 32; ++r)
        for (uint32_t c = 0; c < 32; ++c) out[tile_index(r, c)] = in[tile_index(row & 31, c)];
      return;
    case krt::Bcast::kScalar:
      for (uint32_t i = 0; i < kTileElems; ++i) out[i] = in[0];
      return;
  }
}

void transpose_tile(const float* in, float* out) {
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) out[tile_index(r, c)] = in[tile_index(c, r)];
}

// C = A . B in fp32, straight in the face layout: row k of a tile is two runs
// of 16 contiguous floats, so the i-k-j order works on vectors of the host's
// width with no layout conversion (GCC vector extensions of the widest
// registers the build targets: wider ones GCC splits through the stack, 20x
// slower on an AVX2 host). Products of TF32 operands are exact in fp32; sums
// round once per step, in k order.
namespace {
#if defined(__AVX512F__)
constexpr uint32_t kLanes = 16, kVectorRegisters = 32;
#elif defined(__AVX__)
constexpr uint32_t kLanes = 8, kVectorRegisters = 16;
#else
constexpr uint32_t kLanes = 4, kVectorRegisters = 16;
#endif
typedef float Vec __attribute__((vector_size(kLanes * 4)));
typedef uint32_t Bits __attribute__((vector_size(kLanes * 4)));
inline Vec load_vec(const float* p) {
  Vec v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store_vec(float* p, Vec v) { std::memcpy(p, &v, sizeof v); }
}  // namespace

// TF32 of a whole tile, a vector at a time, exactly as tf32_truncate: the low
// 13 mantissa bits dropped, a NaN kept a NaN.
void tf32_tile(const float* in, float* out) {
  for (uint32_t i = 0; i < kTileElems; i += kLanes) {
    const Bits u = (Bits)load_vec(in + i);
    const Bits nan = (Bits)((u & 0x7FFFFFFFu) > 0x7F800000u);
    store_vec(out + i, (Vec)((u & 0xFFFFE000u) | (nan & 0x00400000u)));
  }
}

namespace {

// The high slice of every element (kSrcAHighMask or kSrcBHighMask), and in
// `rest` (when given) what is left; inf and NaN are all high, no rest.
template <uint32_t kMask>
void slice_tile(const float* in, float* high, float* rest) {
  for (uint32_t i = 0; i < kTileElems; ++i) {
    const uint32_t u = f2u(in[i]);
    const bool special = (u & 0x7F800000u) == 0x7F800000u;
    high[i] = special ? in[i] : u2f(u & kMask);
    if (rest) rest[i] = special ? 0.0f : in[i] - high[i];
  }
}

// dst += sum over k of a[i][k] * b[k][j], plus a2[i][k] * b2[k][j] per
// product when kTwoTerms (their sum is exact for the fidelity slices).
// A block of rows at a time, k split by face so every address is affine:
// accumulators for half the vector registers hide the add latency and each B
// row loaded serves the whole block (eight rows with AVX-512, two with AVX2).
// `x - 0` is a plain broadcast (x + 0 would have to keep -0's sign, so the
// compiler cannot drop it). With dst16, each face's 16-term sums are added to
// DST and rounded there (one MVMUL each). The row_block of each
// matmul_fused_*.cpp repeats this order with fused multiply-adds: a change to
// the order or the DST writes goes to all three.
template <bool kTwoTerms>
void matmul_loop(const float* a, const float* b, const float* a2, const float* b2, float* dst, const Dst16* dst16) {
  constexpr uint32_t kParts = 32 / kLanes;  // vectors per row: 16 columns in each of two faces
  constexpr uint32_t kRows = kVectorRegisters / 2 / kParts;
  // Where part p of a row starts: the first face's 16 columns, then 256 floats on.
  constexpr auto at = [](uint32_t p) { return p * kLanes / 16 * 256 + p * kLanes % 16; };
  for (uint32_t r0 = 0; r0 < 32; r0 += kRows) {
    const uint32_t row_base = tile_index(r0, 0);
    Vec acc[kRows][kParts] = {};
    float* d = dst + row_base;
    auto add_to_dst = [&] {
      for (uint32_t i = 0; i < kRows; ++i)
        for (uint32_t p = 0; p < kParts; ++p) store_vec(d + i * 16 + at(p), load_vec(d + i * 16 + at(p)) + acc[i][p]);
    };
    for (uint32_t kf = 0; kf < 2; ++kf) {
      const float* a_rows = a + row_base + kf * 256;
      const float* b_rows = b + kf * 512;
      for (uint32_t k = 0; k < 16; ++k) {
        Vec bk[kParts];
        for (uint32_t p = 0; p < kParts; ++p) bk[p] = load_vec(b_rows + k * 16 + at(p));
        if constexpr (kTwoTerms) {
          Vec ck[kParts];
          for (uint32_t p = 0; p < kParts; ++p) ck[p] = load_vec(b2 + kf * 512 + k * 16 + at(p));
          const float* a2_rows = a2 + row_base + kf * 256;
          for (uint32_t i = 0; i < kRows; ++i) {
            const Vec ark = a_rows[i * 16 + k] - Vec{};
            const Vec ark2 = a2_rows[i * 16 + k] - Vec{};
            for (uint32_t p = 0; p < kParts; ++p) acc[i][p] += ark * bk[p] + ark2 * ck[p];
          }
        } else {
          for (uint32_t i = 0; i < kRows; ++i) {
            const Vec ark = a_rows[i * 16 + k] - Vec{};
            for (uint32_t p = 0; p < kParts; ++p) acc[i][p] += ark * bk[p];
          }
        }
      }
      if (dst16) {
        add_to_dst();
        for (uint32_t i = 0; i < kRows; ++i) {
          for (uint32_t e = 0; e < 16; ++e) {
            d[i * 16 + e] = round_dst16(d[i * 16 + e], *dst16);
            d[256 + i * 16 + e] = round_dst16(d[256 + i * 16 + e], *dst16);
          }
          for (uint32_t p = 0; p < kParts; ++p) acc[i][p] = Vec{};
        }
      }
    }
    if (!dst16) add_to_dst();
  }
}

}  // namespace

void matmul_acc(const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a, bool tf32_b,
                uint32_t phases, const Dst16* dst16) {
  if (matmul_fused(a, b, dst, transpose_b, tf32_a, tf32_b, phases, dst16)) return;
  alignas(64) float at[kTileElems], bt[kTileElems], bx[kTileElems];
  if (tf32_a) {
    tf32_tile(a, at);
    a = at;
  }
  if (tf32_b) {
    tf32_tile(b, bt);
    b = bt;
  }
  if (transpose_b) {
    transpose_tile(b, bx);
    b = bx;
  }
  // a (in0) is in SrcB, b (in1) in SrcA. Per product: LoFi a_high * b_high,
  // HiFi2 a_high * b, HiFi3 a_high * b + a_rest * b_high, HiFi4 a * b.
  if (phases >= 4) return matmul_loop<false>(a, b, nullptr, nullptr, dst, dst16);
  alignas(64) float a_high[kTileElems], a_rest[kTileElems], b_high[kTileElems];
  slice_tile<kSrcBHighMask>(a, a_high, phases == 3 ? a_rest : nullptr);
  if (phases == 2) return matmul_loop<false>(a_high, b, nullptr, nullptr, dst, dst16);
  slice_tile<kSrcAHighMask>(b, b_high, nullptr);
  if (phases <= 1) return matmul_loop<false>(a_high, b_high, nullptr, nullptr, dst, dst16);
  matmul_loop<true>(a_high, b, a_rest, b_high, dst, dst16);
}

namespace {
// The scaler applied to element (r, c): row 0 of the same face, column c % 16.
inline float scaler_at(const float* s, uint32_t r, uint32_t c) { return s[tile_index(r / 16 * 16, c)]; }
inline float combine(krt::ReducePool p, float acc, float v) { return p == krt::ReducePool::kMax ? max_num(acc, v) : acc + v; }
}  // namespace

void reduce_acc(krt::ReducePool pool, krt::ReduceDim dim, const float* a, const float* s, float* dst, bool fresh,
                uint32_t phases) {
  const bool is_max = pool == krt::ReducePool::kMax;
  const float init = is_max ? -std::numeric_limits<float>::infinity() : 0.0f;
  if (is_max) phases = 4;  // a max pool: no fidelity phases
  auto store = [&](uint32_t idx, float v) { dst[idx] = fresh ? v : combine(pool, dst[idx], v); };
  auto term = [&](float x, float scaler) { return fidelity_mul(x, scaler, phases); };
  float rowv[32];
  if (dim != krt::ReduceDim::kCol) {
    for (uint32_t r = 0; r < 32; ++r) {
      float acc = init;
      for (uint32_t c = 0; c < 32; ++c) acc = combine(pool, acc, term(a[tile_index(r, c)], scaler_at(s, r, c)));
      rowv[r] = acc;
    }
    if (dim == krt::ReduceDim::kRow) {
      for (uint32_t r = 0; r < 32; ++r) store(tile_index(r, 0), rowv[r]);
      return;
    }
    // REDUCE_SCALAR: the column pass scales again.
    float acc = init;
    for (uint32_t r = 0; r < 32; ++r) acc = combine(pool, acc, term(rowv[r], scaler_at(s, r, 0)));
    store(0, acc);
    return;
  }
  for (uint32_t c = 0; c < 32; ++c) {
    float acc = init;
    for (uint32_t r = 0; r < 32; ++r) acc = combine(pool, acc, term(a[tile_index(r, c)], scaler_at(s, r, c)));
    store(tile_index(0, c), acc);
  }
}

}  // namespace zyxtt::emu::compute
