// Measures the float SFPU ops of the math library against an fp64 reference
// over a sweep (specials: +-0, subnormals, +-inf, NaN, then a spread over the
// op's domain), asserts each op's error bound, and checks the measured figures
// against the table in docs/fidelity.md, so the document cannot drift from the
// code. Every float op is swept except those in `kNotSwept` (exact selections,
// comparisons and fills, and ops checked in kernels of their ttnn callers
// elsewhere); a test holds the two lists to the op table. Adding an op: one
// row in `unary_cases` / `binary_cases` / `ternary_cases` here and one row in
// the document (ZYXTT_FIDELITY_OUT=<file> writes the measured table), or an
// entry in `kNotSwept` saying where it is checked.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"

using namespace zyxtt::emu::compute;
using zyxtt::krt::SfpuBinaryOp;
using zyxtt::krt::SfpuTernaryOp;
using zyxtt::krt::SfpuUnaryOp;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A documented figure matches a measured one when they differ by at most this
// fraction of the larger (the document prints 3 significant digits); special
// mismatch counts must match exactly. Stated in docs/fidelity.md too.
constexpr double kDocTolerance = 0.02;

// What an op promises: every finite result within `ulp` units in the last place
// of the reference, or within `abs` of it (ops that cancel near a zero of the
// function have huge ulp errors with tiny absolute ones); `specials` results
// whose reference (or own value) is inf/NaN may disagree with fp64.
struct Bound {
  double ulp = 4, abs = 0;
  uint32_t specials = 0;
};

struct Stat {
  double max_ulp = 0, max_abs = 0;
  uint32_t special_mismatch = 0, beyond_bound = 0;
};

// One measured row of the document's table.
struct Row {
  std::string op, domain, ulp, abs, specials;
};

// ulp of the fp32 value nearest `ref`.
double ulp_of(double ref) {
  float r = static_cast<float>(ref);
  if (r == 0 || !std::isfinite(r)) r = std::numeric_limits<float>::min();
  return std::ldexp(1.0, std::max(std::ilogb(r), -126) - 23);
}

void account(Stat& s, const Bound& b, float got, double ref) {
  if (std::isnan(ref) || std::isinf(ref) || std::isinf(static_cast<float>(ref))) {
    bool ok = std::isnan(ref) ? std::isnan(got) : (std::isinf(got) && std::signbit(got) == std::signbit(ref));
    if (!ok) ++s.special_mismatch;
    return;
  }
  if (!std::isfinite(got)) {
    ++s.special_mismatch;
    return;
  }
  const double e = std::fabs(double(got) - ref), u = e / ulp_of(ref);
  s.max_abs = std::max(s.max_abs, e);
  s.max_ulp = std::max(s.max_ulp, u);
  if (u > b.ulp && e > b.abs) ++s.beyond_bound;
}

std::vector<float> sweep(float lo, float hi, uint32_t seed) {
  const float sub = std::numeric_limits<float>::denorm_min();
  std::vector<float> v = {0.0f, -0.0f, sub, -sub, 1e-40f, -1e-40f, std::numeric_limits<float>::min(),
                          float(kInf), -float(kInf), std::numeric_limits<float>::quiet_NaN(), 1.0f, -1.0f, 0.5f, -0.5f};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  while (v.size() < 8 * kTileElems) v.push_back(d(rng));
  return v;
}

std::string fmt(const char* f, double x) {
  char b[64];
  std::snprintf(b, sizeof b, f, x);
  return b;
}

std::string domain(float lo, float hi, const char* suffix = "") {
  return "[" + fmt("%g", lo) + ", " + fmt("%g", hi) + "]" + suffix;
}

Row row(const std::string& op, const std::string& dom, const Stat& s) {
  return {op, dom, fmt("%.3g", s.max_ulp), fmt("%.3g", s.max_abs), std::to_string(s.special_mismatch)};
}

struct UnaryCase {
  SfpuUnaryOp op;
  std::function<double(double)> ref;
  float lo, hi;
  uint32_t p0 = 0, p1 = 0;
  const char* label = nullptr;  // default: the op's name
  Bound bound = {};
};

struct BinaryCase {
  SfpuBinaryOp op;
  std::function<double(double, double)> ref;
  float lo, hi;
  Bound bound = {};
};

struct TernaryCase {
  SfpuTernaryOp op;
  std::function<double(double, double, double)> ref;
  float lo, hi;
  uint32_t p0 = 0;
  const char* label = nullptr;  // default: the op's name
  Bound bound = {};
};

Stat measure(const UnaryCase& c) {
  std::vector<float> in = sweep(c.lo, c.hi, 100 + uint32_t(c.op));
  std::vector<float> out = in;
  for (size_t off = 0; off < out.size(); off += kTileElems) apply_unary(c.op, out.data() + off, c.p0, c.p1);
  Stat s;
  for (size_t i = 0; i < in.size(); ++i) account(s, c.bound, out[i], c.ref(double(in[i])));
  return s;
}

Stat measure(const BinaryCase& c) {
  std::vector<float> a = sweep(c.lo, c.hi, 200 + uint32_t(c.op)), b = sweep(c.lo, c.hi, 300 + uint32_t(c.op));
  std::swap(b[0], b[100]);
  std::vector<float> out(a.size());
  for (size_t off = 0; off < out.size(); off += kTileElems)
    apply_binary(c.op, a.data() + off, b.data() + off, out.data() + off);
  Stat s;
  for (size_t i = 0; i < a.size(); ++i) account(s, c.bound, out[i], c.ref(double(a[i]), double(b[i])));
  return s;
}

Stat measure(const TernaryCase& c) {
  const uint32_t seed = 400 + 3 * uint32_t(c.op);
  std::vector<float> a = sweep(c.lo, c.hi, seed), b = sweep(c.lo, c.hi, seed + 1), d = sweep(c.lo, c.hi, seed + 2);
  std::swap(b[0], b[100]);  // specials meet ordinary values
  std::swap(d[0], d[200]);
  std::vector<float> out(a.size());
  for (size_t off = 0; off < out.size(); off += kTileElems)
    apply_ternary(c.op, a.data() + off, b.data() + off, d.data() + off, out.data() + off, c.p0);
  Stat s;
  for (size_t i = 0; i < a.size(); ++i) account(s, c.bound, out[i], c.ref(double(a[i]), double(b[i]), double(d[i])));
  return s;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double gelu_erf(double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }
double gelu_tanh(double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }

const uint32_t k3 = f2u(3.0f), half = f2u(0.5f), mhalf = f2u(-0.5f), tenth = f2u(0.1f), six = f2u(6.0f), one = f2u(1.0f);
using U = SfpuUnaryOp;
using B = SfpuBinaryOp;

// Cancellation near a zero of the function: bounded in absolute terms (about an
// ulp of the function's scale) instead of ulp.
constexpr Bound kNearZero{4, 1.2e-7};
// NaN input gives 0 (the comparison fails), where fp64's reference keeps NaN.
constexpr Bound kNanToZero{4, 0, 1};

// erfinv by bisection on erfc (independent of the emulator's Newton steps).
double erfinv_ref(double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return std::nan("");
  if (std::fabs(x) == 1) return std::copysign(kInf, x);
  double lo = 0, hi = 10;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erfc(mid) > 1 - std::fabs(x) ? lo : hi) = mid;
  }
  return std::copysign((lo + hi) / 2, x);
}

// digamma in long double: reflection, recurrence up to 20, three series terms
// (the emulator: double, recurrence up to 6, five terms).
double digamma_ref(double xd) {
  if (xd == 0) return -kInf;
  if (std::isnan(xd) || xd == -kInf || (xd < 0 && xd == std::floor(xd))) return std::nan("");
  if (xd == kInf) return kInf;
  long double x = xd, r = 0;
  const long double pi = 3.141592653589793238462643383279502884L, t = pi * (x - std::nearbyint(x));
  if (x < 0.5L) r -= pi * std::cos(t) / std::sin(t), x = 1 - x;
  for (; x < 20; x += 1) r -= 1 / x;
  const long double f = 1 / (x * x);
  return double(r + std::log(x) - 0.5L / x - f * (1.0L / 12 - f * (1.0L / 120 - f / 252)));
}

const std::vector<UnaryCase>& unary_cases() {
  static const std::vector<UnaryCase> cases = {
      {U::kSin, [](double x) { return std::sin(x); }, -10, 10},
      {U::kCos, [](double x) { return std::cos(x); }, -10, 10},
      {U::kTan, [](double x) { return std::tan(x); }, -1.5f, 1.5f},
      {U::kAsin, [](double x) { return std::asin(x); }, -1, 1},
      {U::kAcos, [](double x) { return std::acos(x); }, -1, 1},
      {U::kAtan, [](double x) { return std::atan(x); }, -100, 100},
      {U::kSinh, [](double x) { return std::sinh(x); }, -80, 80},
      {U::kCosh, [](double x) { return std::cosh(x); }, -80, 80},
      {U::kAsinh, [](double x) { return std::asinh(x); }, -1e4f, 1e4f},
      {U::kAcosh, [](double x) { return std::acosh(x); }, 1, 1e4f},
      {U::kAtanh, [](double x) { return std::atanh(x); }, -0.999f, 0.999f},
      {U::kExp, [](double x) { return std::exp(x); }, -87, 88},
      {U::kExp2, [](double x) { return std::exp2(x); }, -126, 127},
      {U::kExpm1, [](double x) { return std::expm1(x); }, -20, 88},
      {U::kLog, [](double x) { return std::log(x); }, 0, 1e6f},
      {U::kLogWithBase, [](double x) { return std::log2(x); }, 0, 1e6f, 0x3FB8AA3B, 0, "log_with_base_tile (log2)"},
      {U::kLog1p, [](double x) { return std::log1p(x); }, -0.99f, 1e6f},
      {U::kSqrt, [](double x) { return std::sqrt(x); }, 0, 1e30f},
      {U::kRsqrt, [](double x) { return 1 / std::sqrt(x); }, 0, 1e30f},
      {U::kRecip, [](double x) { return 1 / x; }, -1e30f, 1e30f},
      {U::kNegative, [](double x) { return -x; }, -1e30f, 1e30f},
      {U::kAbs, [](double x) { return std::fabs(x); }, -1e30f, 1e30f},
      {U::kSign, [](double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : x); }, -10, 10},
      {U::kSignbit, [](double x) { return std::signbit(x) ? 1.0 : 0.0; }, -10, 10},
      {U::kSquare, [](double x) { return x * x; }, -1e10f, 1e10f},
      {U::kPower, [](double x) { return std::pow(x, 3.0); }, -100, 100, k3, 0, "power_tile (p=3)"},
      {U::kFloor, [](double x) { return std::floor(x); }, -1e4f, 1e4f},
      {U::kCeil, [](double x) { return std::ceil(x); }, -1e4f, 1e4f},
      {U::kTrunc, [](double x) { return std::trunc(x); }, -1e4f, 1e4f},
      {U::kFrac, [](double x) { return x - std::trunc(x); }, -1e4f, 1e4f},
      {U::kRound, [](double x) { return std::nearbyint(x); }, -1e4f, 1e4f},
      {U::kTanh, [](double x) { return std::tanh(x); }, -20, 20},
      {U::kSigmoid, sigmoid, -80, 80},
      {U::kSilu, [](double x) { return x * sigmoid(x); }, -80, 80},
      {U::kRelu, [](double x) { return std::isnan(x) ? x : (x > 0 ? x : 0.0); }, -100, 100, 0, 0, nullptr, kNanToZero},
      {U::kReluMax, [](double x) { return std::isnan(x) ? 0.0 : std::min(std::max(x, 0.0), 6.0); }, -100, 100, six, 0, "relu_max_tile (6)"},
      {U::kReluMin, [](double x) { return std::isnan(x) ? x : (x >= 0.5 ? x : 0.0); }, -100, 100, half, 0, "relu_min_tile (0.5)", kNanToZero},
      {U::kLeakyRelu, [](double x) { return x >= 0 ? x : double(0.1f) * x; }, -100, 100, tenth, 0, "leaky_relu_tile (0.1)"},
      {U::kElu, [](double x) { return x > 0 ? x : std::expm1(x); }, -20, 20, one, 0, "elu_tile (1)"},
      {U::kGelu, gelu_erf, -10, 10, 0, 0, "gelu_tile<false> (erf)", kNearZero},
      // The tanh approximation against the erf GELU: the approximation's own error.
      {U::kGeluFast, gelu_erf, -10, 10, 0, 0, "gelu_tile<true> vs erf GELU", {4, 5e-4}},
      {U::kGeluTanh, gelu_tanh, -10, 10, 0, 0, nullptr, kNearZero},
      {U::kErf, [](double x) { return std::erf(x); }, -5, 5},
      {U::kErfc, [](double x) { return std::erfc(x); }, -5, 9},
      {U::kHardsigmoid, [](double x) { return std::isnan(x) ? 0.0 : std::min(std::max(x / 6 + 0.5, 0.0), 1.0); }, -10, 10, 0, 0, nullptr, kNearZero},
      {U::kSoftsign, [](double x) { return x / (1 + std::fabs(x)); }, -1e6f, 1e6f},
      {U::kHeaviside, [](double x) { return std::isnan(x) ? 0.5 : (x < 0 ? 0.0 : (x > 0 ? 1.0 : 0.5)); }, -10, 10, half, 0, "heaviside_tile (0.5)"},
      {U::kIsinf, [](double x) { return std::isinf(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      {U::kIsnan, [](double x) { return std::isnan(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      {U::kIsfinite, [](double x) { return std::isfinite(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      // Compared with x + 0.1 in fp64 while the op adds float(0.1).
      {U::kAddScalar, [](double x) { return x + 0.1; }, -1e4f, 1e4f, tenth, 0, "add_unary_tile (0.1)"},
      {U::kMulScalar, [](double x) { return x * double(0.1f); }, -1e4f, 1e4f, tenth, 0, "mul_unary_tile (0.1)"},
      {U::kDivScalar, [](double x) { return x / double(0.1f); }, -1e4f, 1e4f, tenth, 0, "div_unary_tile (0.1)"},
      {U::kRsubScalar, [](double x) { return double(0.1f) - x; }, -1e4f, 1e4f, tenth, 0, "rsub_unary_tile (0.1)"},
      {U::kClamp, [](double x) { return std::isnan(x) ? -0.5 : std::min(std::max(x, -0.5), 6.0); }, -100, 100, mhalf, six, "clamp_tile (-0.5, 6)"},
      {U::kThreshold, [](double x) { return x > 0.5 ? x : 6.0; }, -10, 10, half, six, "threshold_tile (0.5, 6)"},
      {U::kSoftplus, [](double x) { return 0.5 * x > 6 ? x : std::log1p(std::exp(0.5 * x)) / 0.5; }, -80, 80, half, six, "softplus_tile (beta 0.5, threshold 6)"},
      {U::kSelu, [](double x) { return double(1.0507f) * (x > 0 ? x : double(1.67326f) * std::expm1(x)); }, -20, 20, f2u(1.0507f), f2u(1.67326f), "selu_tile"},
      {U::kMish, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, -20, 20, 0, 0, nullptr},
      {U::kHardmish, [](double x) { return 0.5 * x * std::min(std::max(x + 2, 0.0), 2.0); }, -10, 10, 0, 0, nullptr},
      {U::kCbrt, [](double x) { return std::cbrt(x); }, -1e30f, 1e30f},
      {U::kRemainderScalar, [](double x) { double r = std::fmod(x, -3.0); return (r != 0 && (r < 0) != true) ? r - 3.0 : r; }, -100, 100, f2u(-3.0f), 0, "remainder_tile (-3)"},
      {U::kFmodScalar, [](double x) { return std::fmod(x, 3.0); }, -100, 100, k3, 0, "fmod_tile (3)"},
      {U::kRdiv, [](double x) { return 3.0 / x; }, -100, 100, k3, 0, "rdiv_tile (3)"},
      {U::kRpow, [](double x) { return std::pow(3.0, x); }, -80, 80, k3, 0, "rpow_tile (3)"},
      // 1 - tanh^2 cancels where tanh nears 1: absolute bound.
      {U::kTanhDerivative, [](double x) { return 1 - std::tanh(x) * std::tanh(x); }, -10, 10, 0, 0, nullptr, {4, 2e-7}},
      {U::kI0, [](double x) { return std::isinf(x) ? HUGE_VAL : std::cyl_bessel_i(0.0, std::fabs(x)); }, -80, 80},
      {U::kI1, [](double x) { return std::isinf(x) ? x : std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }, -80, 80},
      // log|Gamma| of the reflected argument 1 - x (an fp32 difference) below 1/2.
      {U::kLgamma, [](double x) { return std::lgamma(x < 0.5 ? double(1.0f - float(x)) : x); }, -20, 1e4f, 0, 0, nullptr},
      {U::kErfinv, erfinv_ref, -1, 1},
      {U::kDigamma, digamma_ref, -20, 1e4f},
      {U::kUnaryGe, [](double x) { return x >= 0.5 ? 1.0 : 0.0; }, -10, 10, half, 0, "unary_ge_tile (0.5)"},
  };
  return cases;
}

const std::vector<BinaryCase>& binary_cases() {
  static const std::vector<BinaryCase> cases = {
      {B::kAdd, [](double a, double b) { return a + b; }, -1e4f, 1e4f},
      {B::kSub, [](double a, double b) { return a - b; }, -1e4f, 1e4f},
      {B::kRsub, [](double a, double b) { return b - a; }, -1e4f, 1e4f},
      // 0 * x = 0 for every x, inf and NaN included, as WH/BH do.
      {B::kMul, [](double a, double b) { return (a == 0 || b == 0) ? (std::signbit(a) != std::signbit(b) ? -0.0 : 0.0) : a * b; }, -1e4f, 1e4f},
      {B::kDiv, [](double a, double b) { return a / b; }, -1e4f, 1e4f},
      {B::kDivNoNan, [](double a, double b) { return b == 0 ? 0.0 : a / b; }, -1e4f, 1e4f},
      {B::kPower, [](double a, double b) { return std::pow(a, b); }, 0, 4},
      {B::kMax, [](double a, double b) { return std::fmax(a, b); }, -1e4f, 1e4f},
      {B::kMin, [](double a, double b) { return std::fmin(a, b); }, -1e4f, 1e4f},
      {B::kLt, [](double a, double b) { return a < b ? 1.0 : 0.0; }, -10, 10},
      {B::kEq, [](double a, double b) { return a == b ? 1.0 : 0.0; }, -10, 10},
      {B::kRemainder, [](double a, double b) { double r = std::fmod(a, b); return (r != 0 && (r < 0) != (b < 0)) ? r + b : r; }, -100, 100},
      {B::kFmod, [](double a, double b) { return std::fmod(a, b); }, -100, 100},
      {B::kAtan2, [](double a, double b) { return std::atan2(a, b); }, -100, 100},
      {B::kXlogy, [](double a, double b) { return a == 0 && !std::isnan(b) ? 0.0 : a * std::log(b); }, 0, 100},
  };
  return cases;
}

// SFPU multiplies give 0 for 0 * anything (inf, NaN too).
double mul0(double x, double y) { return x == 0 || y == 0 ? 0.0 : x * y; }

const std::vector<TernaryCase>& ternary_cases() {
  using T = SfpuTernaryOp;
  static const std::vector<TernaryCase> cases = {
      {T::kWhere, [](double a, double b, double c) { return a != 0 ? b : c; }, -2, 2},
      {T::kLerp, [](double a, double b, double c) { return a + mul0(c, b - a); }, -1e4f, 1e4f},
      {T::kAddcmul, [](double a, double b, double c) { return a + mul0(mul0(0.5, b), c); }, -1e4f, 1e4f, half,
       "addcmul_tile (value 0.5)"},
      // 1 / c rounds before the multiply-add, so a sum that cancels loses
      // relative precision (absolute bound); a subnormal c has an fp32
      // reciprocal of inf where fp64's is finite (2 specials).
      {T::kAddcdiv, [](double a, double b, double c) { return a + mul0(0.5 * b, 1 / c); }, -1e4f, 1e4f, half,
       "addcdiv_tile (value 0.5)", {4, 1, 2}},
  };
  return cases;
}

// Matmul of bf16 tiles against fp64: `tiles` products accumulated into one
// DST tile (a K loop of matmul_tiles) at `phases` fidelity phases, in a 32-bit
// or (dst16) 16-bit DST; the largest error relative to sum |a*b| over 8 runs.
double matmul_relative_error(uint32_t phases = 4, const Dst16* dst16 = nullptr, uint32_t tiles = 1) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> d(-1, 1);
  double max_rel = 0;
  for (int rep = 0; rep < 8; ++rep) {
    std::vector<double> ref(kTileElems, 0.0), mag(kTileElems, 0.0);
    std::vector<float> c(kTileElems, 0.0f);
    for (uint32_t t = 0; t < tiles; ++t) {
      std::vector<float> a(kTileElems), b(kTileElems);
      for (auto& x : a) x = bf16_to_f32(f32_to_bf16(d(rng), Rounding::kNearestEven));
      for (auto& x : b) x = bf16_to_f32(f32_to_bf16(d(rng), Rounding::kNearestEven));
      matmul_acc(a.data(), b.data(), c.data(), false, false, false, phases, dst16);
      for (uint32_t i = 0; i < 32; ++i)
        for (uint32_t j = 0; j < 32; ++j)
          for (uint32_t k = 0; k < 32; ++k) {
            double p = double(a[tile_index(i, k)]) * b[tile_index(k, j)];
            ref[tile_index(i, j)] += p, mag[tile_index(i, j)] += std::fabs(p);
          }
    }
    for (uint32_t i = 0; i < kTileElems; ++i) max_rel = std::max(max_rel, std::fabs(c[i] - ref[i]) / mag[i]);
  }
  return max_rel;
}

// FPU mul (SrcA x SrcB) of TF32 operands at `phases` fidelity phases against
// the fp64 product. No fp32 subnormals: silicon's FPU flushes them.
Stat measure_fpu_mul(uint32_t phases, const Bound& bound) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> a = {0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 1.0f, -1.0f,
                          std::numeric_limits<float>::min()};
  std::vector<float> b = {inf, 1.0f, 0.0f, 2.0f, 1.0f, -inf, 0.5f, 3.0f};
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-1e4f, 1e4f);
  while (a.size() < 8 * kTileElems) a.push_back(tf32_truncate(d(rng))), b.push_back(tf32_truncate(d(rng)));
  std::vector<float> out(a.size());
  for (size_t off = 0; off < out.size(); off += kTileElems)
    apply_fpu_binary(zyxtt::krt::FpuBinaryOp::kMul, a.data() + off, b.data() + off, out.data() + off, phases);
  Stat s;
  for (size_t i = 0; i < a.size(); ++i) account(s, bound, out[i], double(a[i]) * double(b[i]));
  return s;
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string s = line.substr(2, line.size() - 4);  // without "| " and " |"
  for (size_t at = 0;;) {
    size_t next = s.find(" | ", at);
    out.push_back(s.substr(at, next - at));
    if (next == std::string::npos) return out;
    at = next + 3;
  }
}

constexpr const char* kHeader = "| op | domain | max ulp | max abs err | special mismatches |";

// The rows of the document's measured-error table, by op label.
std::map<std::string, Row> documented_rows(const std::string& path) {
  std::ifstream f(path);
  std::map<std::string, Row> rows;
  std::string line;
  while (std::getline(f, line) && line != kHeader) {
  }
  std::getline(f, line);  // |---|
  while (std::getline(f, line) && line.size() > 4 && line.front() == '|') {
    std::vector<std::string> c = cells(line);
    if (c.size() == 5) rows[c[0]] = {c[0], c[1], c[2], c[3], c[4]};
    else ADD_FAILURE() << "malformed row in " << path << ": " << line;
  }
  return rows;
}

// Both cells hold the same text, or numbers (leading numbers of the text, the
// rest equal) within kDocTolerance.
bool figures_match(const std::string& measured, const std::string& documented) {
  if (measured == documented) return true;
  char *me = nullptr, *de = nullptr;
  const double m = std::strtod(measured.c_str(), &me), d = std::strtod(documented.c_str(), &de);
  if (me == measured.c_str() || de == documented.c_str() || std::string(me) != std::string(de)) return false;
  return std::fabs(m - d) <= kDocTolerance * std::max(std::fabs(m), std::fabs(d));
}

std::string text(const Row& r) { return "| " + r.op + " | " + r.domain + " | " + r.ulp + " | " + r.abs + " | " + r.specials + " |"; }

}  // namespace

// The float ops the sweep leaves out, and where each is checked instead.
const std::map<std::string, const char*> kNotSwept = {
    // Exact: a selection, comparison or fill of the operand's value.
    {"logical_not_unary_tile", "exact"}, {"unary_eq_tile", "exact"},
    {"unary_ne_tile", "exact"}, {"unary_gt_tile", "exact"},
    {"unary_lt_tile", "exact"}, {"unary_le_tile", "exact"},
    {"unary_max_tile", "exact"}, {"unary_min_tile", "exact"},
    {"fill_tile", "exact (tile_math_test)"}, {"identity_tile", "exact"},
    {"gt_binary_tile", "exact (op_families/sfpu_binary)"}, {"ge_binary_tile", "exact"}, {"le_binary_tile", "exact"},
    {"ne_binary_tile", "exact"}, {"where_tile<Int32>", "moves whole words"},
    // One rounding of an exact subtraction.
    {"sub_unary_tile", "one rounding"},
    {"logsigmoid_tile", "tile_math_test"},
    // In kernels shaped like their ttnn callers (state_ops_kernel_test.cpp).
    {"mask_tile", "state_ops_kernel_test"}, {"mask_posinf_tile", "state_ops_kernel_test"},
    {"xielu_tile", "state_ops_kernel_test"}, {"polygamma_tile", "state_ops_kernel_test"},
    {"lgamma_stirling_float_tile", "state_ops_kernel_test"}, {"lgamma_adjusted_tile", "state_ops_kernel_test"},
    {"quant_tile", "state_ops_kernel_test"}, {"requant_tile", "state_ops_kernel_test"},
    {"dequant_tile", "state_ops_kernel_test"}, {"isclose_binary_tile", "state_ops_kernel_test"},
    {"isclose_binary_tile<true>", "state_ops_kernel_test"}, {"snake_beta_tile", "state_ops_kernel_test"},
};

// Every float op of the op table is swept or listed in kNotSwept, and no
// listed op is swept: the header's claim holds as ops are added.
TEST(FidelitySweep, SweepsEveryFloatOpButTheListedOnes) {
  std::set<std::string> swept, unswept;
  for (const UnaryCase& c : unary_cases()) swept.insert(unary_name(c.op));
  for (const BinaryCase& c : binary_cases()) swept.insert(binary_name(c.op));
  for (const TernaryCase& c : ternary_cases()) swept.insert(ternary_name(c.op));
  for (uint32_t i = 0; i < static_cast<uint32_t>(SfpuUnaryOp::kCount); ++i) {
    const auto op = static_cast<SfpuUnaryOp>(i);
    if (!unary_is_bitwise(op) && !swept.count(unary_name(op))) unswept.insert(unary_name(op));
  }
  for (uint32_t i = 0; i < static_cast<uint32_t>(SfpuBinaryOp::kCount); ++i) {
    const auto op = static_cast<SfpuBinaryOp>(i);
    if (!binary_is_bitwise(op) && !swept.count(binary_name(op))) unswept.insert(binary_name(op));
  }
  for (uint32_t i = 0; i < static_cast<uint32_t>(SfpuTernaryOp::kCount); ++i) {
    const auto op = static_cast<SfpuTernaryOp>(i);
    if (!swept.count(ternary_name(op))) unswept.insert(ternary_name(op));
  }
  std::set<std::string> listed;
  for (const auto& [name, where] : kNotSwept) listed.insert(name);
  EXPECT_EQ(unswept, listed);
}

TEST(FidelitySweep, EveryOpWithinItsBoundAndAsDocumented) {
  std::vector<Row> measured;
  auto check = [&](const std::string& op, const std::string& dom, const Stat& s, const Bound& b) {
    EXPECT_EQ(s.beyond_bound, 0u) << op << ": results beyond " << b.ulp << " ulp and " << b.abs << " absolute";
    EXPECT_EQ(s.special_mismatch, b.specials) << op << ": inf/NaN results that differ from fp64";
    measured.push_back(row(op, dom, s));
  };
  for (const UnaryCase& c : unary_cases())
    check(c.label ? c.label : unary_name(c.op), domain(c.lo, c.hi), measure(c), c.bound);
  for (const BinaryCase& c : binary_cases())
    check(binary_name(c.op), domain(c.lo, c.hi, "^2"), measure(c), c.bound);
  for (const TernaryCase& c : ternary_cases())
    check(c.label ? c.label : ternary_name(c.op), domain(c.lo, c.hi, "^3"), measure(c), c.bound);
  // Math fidelity (docs/fidelity.md, "Math fidelity"): the bound of each is
  // the relative size of the slices it leaves out, per product.
  const char* names[] = {"", "LoFi", "HiFi2", "HiFi3", "HiFi4"};
  const double slice_bounds[] = {0, 0x1p-4 + 0x1p-6, 0x1p-6, 0x1p-4 * 0x1p-6, 0};
  double previous = 1;
  for (uint32_t phases = 1; phases <= 4; ++phases) {
    const double e = matmul_relative_error(phases);
    EXPECT_LE(e, slice_bounds[phases] + 32 * 0x1p-24) << names[phases];
    if (phases < 4) EXPECT_LT(e, previous) << names[phases] << " is no better than the fidelity below it";
    else EXPECT_LT(e, 1e-7) << "matmul_tiles HiFi4: fp32 accumulation of exact products";
    previous = e;
    measured.push_back({std::string("matmul_tiles ") + names[phases] + " (bf16 in, 32-term dot)", "[-1, 1]", "-",
                        fmt("%.3g", e) + " x sum|a*b|", "0"});
  }
  for (uint32_t phases = 1; phases <= 4; ++phases) {
    const Bound b{phases == 4 ? 0.5 : slice_bounds[phases] * 0x1p24};  // ulps: up to 2^24 x relative
    check(std::string("mul_tiles ") + names[phases] + " (tf32 in)", domain(-1e4f, 1e4f, "^2"), measure_fpu_mul(phases, b), b);
  }
  // 16-bit DST: a K loop of 16 matmul_tiles, rounded to bf16 per MVMUL step.
  const Dst16 bf16_dst{5, Rounding::kNearestEven};
  const double e16 = matmul_relative_error(4, &bf16_dst, 16), e32 = matmul_relative_error(4, nullptr, 16);
  EXPECT_GT(e16, 100 * e32);
  measured.push_back({"matmul_tiles x 16 into 16-bit DST (bf16 in)", "[-1, 1]", "-", fmt("%.3g", e16) + " x sum|a*b|", "0"});
  measured.push_back({"matmul_tiles x 16 into 32-bit DST (bf16 in)", "[-1, 1]", "-", fmt("%.3g", e32) + " x sum|a*b|", "0"});

  std::ostringstream table;
  table << kHeader << "\n|---|---|---|---|---|\n";
  for (const Row& r : measured) table << text(r) << "\n";
  std::printf("%s", table.str().c_str());
  if (const char* out = std::getenv("ZYXTT_FIDELITY_OUT")) std::ofstream(out) << table.str();

  std::map<std::string, Row> doc = documented_rows(ZYXTT_FIDELITY_DOC);
  ASSERT_FALSE(doc.empty()) << "no table headed " << kHeader << " in " << ZYXTT_FIDELITY_DOC;
  for (const Row& m : measured) {
    auto d = doc.find(m.op);
    if (d == doc.end()) {
      ADD_FAILURE() << "docs/fidelity.md has no row for " << m.op << "; measured: " << text(m);
      continue;
    }
    const Row& r = d->second;
    EXPECT_TRUE(r.domain == m.domain && figures_match(m.ulp, r.ulp) && figures_match(m.abs, r.abs) &&
                m.specials == r.specials)
        << "docs/fidelity.md differs from the measurement beyond " << kDocTolerance * 100 << " %:\n  documented "
        << text(r) << "\n  measured   " << text(m);
    doc.erase(d);
  }
  for (const auto& [op, r] : doc) ADD_FAILURE() << "docs/fidelity.md documents " << op << ", which the sweep does not measure";
}
