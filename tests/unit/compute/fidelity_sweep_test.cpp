// Measures every float SFPU op of the math library against an fp64 reference
// over a sweep (specials: +-0, subnormals, +-inf, NaN, then a spread over the
// op's domain) and prints the table that docs/fidelity.md quotes. Set
// ZYXTT_FIDELITY_OUT=<file> to also write it to a file. The assertions are
// loose bounds; tile_math_test.cpp holds the tight per-op tolerances.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"

using namespace zyxtt::emu::compute;
using zyxtt::krt::SfpuBinaryOp;
using zyxtt::krt::SfpuUnaryOp;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Stat {
  double max_ulp = 0, max_abs = 0;
  uint32_t special_mismatch = 0, n = 0;
};

// ulp of the fp32 value nearest `ref`.
double ulp_of(double ref) {
  float r = static_cast<float>(ref);
  if (r == 0 || !std::isfinite(r)) r = std::numeric_limits<float>::min();
  return std::ldexp(1.0, std::max(std::ilogb(r), -126) - 23);
}

void account(Stat& s, float got, double ref) {
  ++s.n;
  if (std::isnan(ref) || std::isinf(ref) || std::isinf(static_cast<float>(ref))) {
    bool ok = std::isnan(ref) ? std::isnan(got) : (std::isinf(got) && std::signbit(got) == std::signbit(ref));
    if (!ok) ++s.special_mismatch;
    return;
  }
  if (!std::isfinite(got)) {
    ++s.special_mismatch;
    return;
  }
  double e = std::fabs(double(got) - ref);
  s.max_abs = std::max(s.max_abs, e);
  s.max_ulp = std::max(s.max_ulp, e / ulp_of(ref));
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

std::ostringstream& table() {
  static std::ostringstream t;
  return t;
}

Stat run_unary(SfpuUnaryOp op, const std::function<double(double)>& ref, float lo, float hi, uint32_t p0 = 0,
               uint32_t p1 = 0, const char* label = nullptr) {
  std::vector<float> in = sweep(lo, hi, 100 + uint32_t(op));
  std::vector<float> out = in;
  for (size_t off = 0; off < out.size(); off += kTileElems) apply_unary(op, out.data() + off, p0, p1);
  Stat s;
  for (size_t i = 0; i < in.size(); ++i) account(s, out[i], ref(double(in[i])));
  char line[256];
  std::snprintf(line, sizeof line, "| %s | [%g, %g] | %.3g | %.3g | %u |\n", label ? label : unary_name(op), double(lo),
                double(hi), s.max_ulp, s.max_abs, s.special_mismatch);
  table() << line;
  return s;
}

Stat run_binary(SfpuBinaryOp op, const std::function<double(double, double)>& ref, float lo, float hi) {
  std::vector<float> a = sweep(lo, hi, 200 + uint32_t(op)), b = sweep(lo, hi, 300 + uint32_t(op));
  std::swap(b[0], b[100]);
  std::vector<float> out(a.size());
  for (size_t off = 0; off < out.size(); off += kTileElems)
    apply_binary(op, a.data() + off, b.data() + off, out.data() + off);
  Stat s;
  for (size_t i = 0; i < a.size(); ++i) account(s, out[i], ref(double(a[i]), double(b[i])));
  char line[256];
  std::snprintf(line, sizeof line, "| %s | [%g, %g]^2 | %.3g | %.3g | %u |\n", binary_name(op), double(lo), double(hi),
                s.max_ulp, s.max_abs, s.special_mismatch);
  table() << line;
  return s;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double gelu_erf(double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }
double gelu_tanh(double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }

}  // namespace

TEST(FidelitySweep, UnaryAndBinaryAgainstFp64) {
  table() << "| op | domain | max ulp | max abs err | special mismatches |\n|---|---|---|---|---|\n";
  using U = SfpuUnaryOp;
  struct UCase {
    U op;
    std::function<double(double)> ref;
    float lo, hi;
    uint32_t p0 = 0, p1 = 0;
    double bound = 8;  // loose ulp bound for the assertion
    const char* label = nullptr;
  };
  const uint32_t k3 = f2u(3.0f), half = f2u(0.5f), mhalf = f2u(-0.5f), tenth = f2u(0.1f), six = f2u(6.0f), one = f2u(1.0f);
  std::vector<UCase> cases = {
      {U::kSin, [](double x) { return std::sin(x); }, -10, 10, 0, 0, 1e9},
      {U::kCos, [](double x) { return std::cos(x); }, -10, 10, 0, 0, 1e9},
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
      {U::kLogWithBase, [](double x) { return std::log2(x); }, 0, 1e6f, 0x3FB8AA3B, 0, 8, "log_with_base_tile (log2)"},
      {U::kLog1p, [](double x) { return std::log1p(x); }, -0.99f, 1e6f},
      {U::kSqrt, [](double x) { return std::sqrt(x); }, 0, 1e30f},
      {U::kRsqrt, [](double x) { return 1 / std::sqrt(x); }, 0, 1e30f},
      {U::kRecip, [](double x) { return 1 / x; }, -1e30f, 1e30f},
      {U::kNegative, [](double x) { return -x; }, -1e30f, 1e30f},
      {U::kAbs, [](double x) { return std::fabs(x); }, -1e30f, 1e30f},
      {U::kSign, [](double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : x); }, -10, 10},
      {U::kSignbit, [](double x) { return std::signbit(x) ? 1.0 : 0.0; }, -10, 10},
      {U::kSquare, [](double x) { return x * x; }, -1e10f, 1e10f},
      {U::kPower, [](double x) { return std::pow(x, 3.0); }, -100, 100, k3, 0, 8, "power_tile (p=3)"},
      {U::kFloor, [](double x) { return std::floor(x); }, -1e4f, 1e4f},
      {U::kCeil, [](double x) { return std::ceil(x); }, -1e4f, 1e4f},
      {U::kTrunc, [](double x) { return std::trunc(x); }, -1e4f, 1e4f},
      {U::kFrac, [](double x) { return x - std::trunc(x); }, -1e4f, 1e4f, 0, 0, 1e9},
      {U::kRound, [](double x) { return std::nearbyint(x); }, -1e4f, 1e4f},
      {U::kTanh, [](double x) { return std::tanh(x); }, -20, 20},
      {U::kSigmoid, sigmoid, -80, 80},
      {U::kSilu, [](double x) { return x * sigmoid(x); }, -80, 80, 0, 0, 1e9},
      {U::kRelu, [](double x) { return std::isnan(x) ? x : (x > 0 ? x : 0.0); }, -100, 100},
      {U::kReluMax, [](double x) { return std::isnan(x) ? 0.0 : std::min(std::max(x, 0.0), 6.0); }, -100, 100, six, 0, 8, "relu_max_tile (6)"},
      {U::kReluMin, [](double x) { return std::isnan(x) ? x : (x >= 0.5 ? x : 0.0); }, -100, 100, half, 0, 8, "relu_min_tile (0.5)"},
      {U::kLeakyRelu, [](double x) { return x >= 0 ? x : double(0.1f) * x; }, -100, 100, tenth, 0, 8, "leaky_relu_tile (0.1)"},
      {U::kElu, [](double x) { return x > 0 ? x : std::expm1(x); }, -20, 20, one, 0, 8, "elu_tile (1)"},
      {U::kGelu, gelu_erf, -10, 10, 0, 0, 1e9, "gelu_tile<false> (erf)"},
      {U::kGeluFast, gelu_erf, -10, 10, 0, 0, 1e12, "gelu_tile<true> vs erf GELU"},
      {U::kGeluTanh, gelu_tanh, -10, 10, 0, 0, 1e9},
      {U::kErf, [](double x) { return std::erf(x); }, -5, 5},
      {U::kErfc, [](double x) { return std::erfc(x); }, -5, 9},
      {U::kHardsigmoid, [](double x) { return std::isnan(x) ? 0.0 : std::min(std::max(x / 6 + 0.5, 0.0), 1.0); }, -10, 10, 0, 0, 1e9},
      {U::kSoftsign, [](double x) { return x / (1 + std::fabs(x)); }, -1e6f, 1e6f},
      {U::kHeaviside, [](double x) { return std::isnan(x) ? 0.5 : (x < 0 ? 0.0 : (x > 0 ? 1.0 : 0.5)); }, -10, 10, half, 0, 8, "heaviside_tile (0.5)"},
      {U::kIsinf, [](double x) { return std::isinf(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      {U::kIsnan, [](double x) { return std::isnan(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      {U::kIsfinite, [](double x) { return std::isfinite(x) ? 1.0 : 0.0; }, -1e30f, 1e30f},
      {U::kAddScalar, [](double x) { return x + 0.1; }, -1e4f, 1e4f, tenth, 0, 8, "add_unary_tile (0.1)"},
      {U::kMulScalar, [](double x) { return x * double(0.1f); }, -1e4f, 1e4f, tenth, 0, 8, "mul_unary_tile (0.1)"},
      {U::kDivScalar, [](double x) { return x / double(0.1f); }, -1e4f, 1e4f, tenth, 0, 8, "div_unary_tile (0.1)"},
      {U::kRsubScalar, [](double x) { return double(0.1f) - x; }, -1e4f, 1e4f, tenth, 0, 8, "rsub_unary_tile (0.1)"},
      {U::kClamp, [](double x) { return std::isnan(x) ? -0.5 : std::min(std::max(x, -0.5), 6.0); }, -100, 100, mhalf, six, 8, "clamp_tile (-0.5, 6)"},
      {U::kThreshold, [](double x) { return x > 0.5 ? x : 6.0; }, -10, 10, half, six, 8, "threshold_tile (0.5, 6)"},
      {U::kSoftplus, [](double x) { return 0.5 * x > 6 ? x : std::log1p(std::exp(0.5 * x)) / 0.5; }, -80, 80, half, six, 8, "softplus_tile (beta 0.5, threshold 6)"},
      {U::kSelu, [](double x) { return double(1.0507f) * (x > 0 ? x : double(1.67326f) * std::expm1(x)); }, -20, 20, f2u(1.0507f), f2u(1.67326f), 8, "selu_tile"},
      {U::kMish, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, -20, 20, 0, 0, 1e9},
      {U::kHardmish, [](double x) { return 0.5 * x * std::min(std::max(x + 2, 0.0), 2.0); }, -10, 10, 0, 0, 1e9},
      {U::kCbrt, [](double x) { return std::cbrt(x); }, -1e30f, 1e30f},
      {U::kRemainderScalar, [](double x) { double r = std::fmod(x, -3.0); return (r != 0 && (r < 0) != true) ? r - 3.0 : r; }, -100, 100, f2u(-3.0f), 0, 1e9, "remainder_tile (-3)"},
      {U::kFmodScalar, [](double x) { return std::fmod(x, 3.0); }, -100, 100, k3, 0, 8, "fmod_tile (3)"},
      {U::kRdiv, [](double x) { return 3.0 / x; }, -100, 100, k3, 0, 8, "rdiv_tile (3)"},
      {U::kRpow, [](double x) { return std::pow(3.0, x); }, -80, 80, k3, 0, 8, "rpow_tile (3)"},
      {U::kTanhDerivative, [](double x) { return 1 - std::tanh(x) * std::tanh(x); }, -10, 10, 0, 0, 1e9},
      {U::kI0, [](double x) { return std::isinf(x) ? HUGE_VAL : std::cyl_bessel_i(0.0, std::fabs(x)); }, -80, 80},
      {U::kI1, [](double x) { return std::isinf(x) ? x : std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }, -80, 80},
      {U::kLgamma, [](double x) { return std::lgamma(x); }, -20, 1e4f, 0, 0, 1e9},
      {U::kUnaryGe, [](double x) { return x >= 0.5 ? 1.0 : 0.0; }, -10, 10, half, 0, 8, "unary_ge_tile (0.5)"},
  };
  for (auto& c : cases) {
    Stat s = run_unary(c.op, c.ref, c.lo, c.hi, c.p0, c.p1, c.label);
    if (c.op == U::kAddScalar) continue;  // reference adds 0.1 exactly, the op adds float(0.1)
    EXPECT_LE(s.max_ulp, c.bound) << unary_name(c.op);
  }
  using B = SfpuBinaryOp;
  struct BCase {
    B op;
    std::function<double(double, double)> ref;
    float lo, hi;
  };
  std::vector<BCase> bcases = {
      {B::kAdd, [](double a, double b) { return a + b; }, -1e4f, 1e4f},
      {B::kSub, [](double a, double b) { return a - b; }, -1e4f, 1e4f},
      {B::kRsub, [](double a, double b) { return b - a; }, -1e4f, 1e4f},
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
  for (auto& c : bcases) {
    Stat s = run_binary(c.op, c.ref, c.lo, c.hi);
    EXPECT_LE(s.max_ulp, 8) << binary_name(c.op);
  }
  // Matmul of bf16 tiles (exact products, fp32 sums) against fp64.
  {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> d(-1, 1);
    double max_rel = 0;
    for (int rep = 0; rep < 8; ++rep) {
      std::vector<float> a(kTileElems), b(kTileElems), c(kTileElems, 0.0f);
      for (auto& x : a) x = bf16_to_f32(f32_to_bf16(d(rng), Rounding::kNearestEven));
      for (auto& x : b) x = bf16_to_f32(f32_to_bf16(d(rng), Rounding::kNearestEven));
      matmul_acc(a.data(), b.data(), c.data(), false);
      for (uint32_t i = 0; i < 32; ++i)
        for (uint32_t j = 0; j < 32; ++j) {
          double ref = 0, mag = 0;
          for (uint32_t k = 0; k < 32; ++k) {
            double p = double(a[tile_index(i, k)]) * b[tile_index(k, j)];
            ref += p, mag += std::fabs(p);
          }
          max_rel = std::max(max_rel, std::fabs(c[tile_index(i, j)] - ref) / mag);
        }
    }
    char line[200];
    std::snprintf(line, sizeof line, "| matmul_tiles (bf16 in, 32-term dot) | [-1, 1] | - | %.3g x sum|a*b| | 0 |\n", max_rel);
    table() << line;
    EXPECT_LT(max_rel, 1e-5);
  }
  std::printf("%s", table().str().c_str());
  if (const char* out = std::getenv("ZYXTT_FIDELITY_OUT")) std::ofstream(out) << table().str();
}
