// The math library against fp64 references over sweeps that include zeros,
// negatives, subnormals, huge values, inf and NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"

using namespace zyxtt::emu::compute;
using zyxtt::krt::SfpuBinaryOp;
using zyxtt::krt::SfpuUnaryOp;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// 1024 inputs: specials first, then a spread over [-lim, lim] and random bits.
std::vector<float> inputs(float lim, uint32_t seed) {
  std::vector<float> v = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f, 1e-3f, -1e-3f,
                          std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min() / 4, -std::numeric_limits<float>::min() / 4,
                          std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest(),
                          kInf, -kInf, kNaN, -kNaN, 100.0f, -100.0f, 1e10f, -1e10f, 3.14159265f, 2.5f, -2.5f, 0.49999997f};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-lim, lim);
  while (v.size() < 900) v.push_back(d(rng));
  while (v.size() < kTileElems) v.push_back(u2f(rng()));
  return v;
}

// Distance in units of the last place of the fp32 reference.
double ulps(float got, double ref) {
  if (std::isnan(ref)) return std::isnan(got) ? 0 : 1e30;
  if (std::isinf(ref)) return (std::isinf(got) && std::signbit(got) == std::signbit(ref)) ? 0 : 1e30;
  float r = static_cast<float>(ref);
  if (std::isinf(r)) return std::isinf(got) ? 0 : 1e30;  // reference overflows fp32
  double ulp = std::ldexp(1.0, std::max(std::ilogb(r == 0 ? std::numeric_limits<float>::min() : r), -126) - 23);
  return std::fabs(double(got) - ref) / ulp;
}

void check_unary(SfpuUnaryOp op, const std::function<double(double)>& ref, double max_ulps, float lim,
                 uint32_t p0 = 0, uint32_t p1 = 0, double abs_tol = 0) {
  std::vector<float> in = inputs(lim, 1 + uint32_t(op));
  std::vector<float> t = in;
  apply_unary(op, t.data(), p0, p1);
  for (uint32_t i = 0; i < kTileElems; ++i) {
    double r = ref(double(in[i]));
    double e = ulps(t[i], r);
    bool ok = e <= max_ulps || (abs_tol > 0 && std::fabs(double(t[i]) - r) <= abs_tol);
    EXPECT_TRUE(ok) << unary_name(op) << "(" << in[i] << ") = " << t[i] << ", reference " << r << " (" << e << " ulp)";
  }
}

}  // namespace

TEST(TileMath, Trigonometric) {
  // Large |x| needs exact range reduction in the reference too: fp64 has it.
  check_unary(SfpuUnaryOp::kSin, [](double x) { return std::sin(x); }, 2, 10.f, 0, 0, 1e-7);
  check_unary(SfpuUnaryOp::kCos, [](double x) { return std::cos(x); }, 2, 10.f, 0, 0, 1e-7);
  check_unary(SfpuUnaryOp::kTan, [](double x) { return std::tan(x); }, 4, 1.5f, 0, 0, 1e-7);
  check_unary(SfpuUnaryOp::kAtan, [](double x) { return std::atan(x); }, 2, 10.f);
  check_unary(SfpuUnaryOp::kAsin, [](double x) { return std::asin(x); }, 2, 1.f);
  check_unary(SfpuUnaryOp::kTanh, [](double x) { return std::tanh(x); }, 2, 10.f);
  check_unary(SfpuUnaryOp::kSinh, [](double x) { return std::sinh(x); }, 2, 10.f);
}

TEST(TileMath, ExpAndLog) {
  check_unary(SfpuUnaryOp::kExp, [](double x) { return std::exp(x); }, 2, 90.f);
  check_unary(SfpuUnaryOp::kExp2, [](double x) { return std::exp2(x); }, 2, 130.f);
  check_unary(SfpuUnaryOp::kExpm1, [](double x) { return std::expm1(x); }, 2, 10.f);
  check_unary(SfpuUnaryOp::kLog, [](double x) { return std::log(x); }, 2, 1e6f);
  check_unary(SfpuUnaryOp::kLog1p, [](double x) { return std::log1p(x); }, 2, 10.f);
  // exp with scale: e^(x * 0.5); the scale arrives as bf16 bits in the high half.
  check_unary(SfpuUnaryOp::kExp, [](double x) { return std::exp(double(float(x * 0.5))); }, 2, 90.f, 0x3F000000, 1);
  // log2 through log_with_base: ln(x) * 1/ln 2 -- two roundings, so a few ulp.
  check_unary(SfpuUnaryOp::kLogWithBase, [](double x) { return std::log2(x); }, 4, 1e6f, 0x3FB8AA3B, 0, 1e-6);
}

TEST(TileMath, PowersAndRoots) {
  check_unary(SfpuUnaryOp::kSqrt, [](double x) { return std::sqrt(x); }, 0.5, 1e6f);
  check_unary(SfpuUnaryOp::kRsqrt, [](double x) { return 1 / std::sqrt(x); }, 1.5, 1e6f);
  check_unary(SfpuUnaryOp::kRecip, [](double x) { return 1 / x; }, 0.5, 1e6f);
  check_unary(SfpuUnaryOp::kSquare, [](double x) { return x * x; }, 0.5, 1e6f);
  check_unary(SfpuUnaryOp::kPower, [](double x) { return std::pow(x, 3.0); }, 2, 100.f, f2u(3.0f));
}

TEST(TileMath, SignAndRounding) {
  check_unary(SfpuUnaryOp::kNegative, [](double x) { return -x; }, 0, 1e6f);
  check_unary(SfpuUnaryOp::kAbs, [](double x) { return std::fabs(x); }, 0, 1e6f);
  check_unary(SfpuUnaryOp::kFloor, [](double x) { return std::floor(x); }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kCeil, [](double x) { return std::ceil(x); }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kTrunc, [](double x) { return std::trunc(x); }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kFrac, [](double x) { return x - std::trunc(x); }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kRound, [](double x) { return std::nearbyint(x); }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kSign, [](double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : x); }, 0, 1e3f);
  // negative flips the sign bit of zeros too
  float t[kTileElems] = {0.0f};
  apply_unary(SfpuUnaryOp::kNegative, t, 0, 0);
  EXPECT_TRUE(std::signbit(t[0]));
  // round to 2 decimals, half to even in decimal
  t[0] = 1.2345f;
  t[1] = -2.675f;
  apply_unary(SfpuUnaryOp::kRound, t, 2, 0);
  EXPECT_FLOAT_EQ(t[0], 1.23f);
  EXPECT_FLOAT_EQ(t[1], -2.67f);  // -2.675f is -2.67499995...
}

TEST(TileMath, Activations) {
  auto sig = [](double x) { return 1 / (1 + std::exp(-x)); };
  check_unary(SfpuUnaryOp::kSigmoid, sig, 3, 30.f, 0, 0, 1e-7);
  check_unary(SfpuUnaryOp::kSilu, [&](double x) { return x * sig(x); }, 4, 30.f, 0, 0, 1e-7);
  check_unary(SfpuUnaryOp::kRelu, [](double x) { return x > 0 ? x : 0.0; }, 0, 1e3f);
  check_unary(SfpuUnaryOp::kGelu, [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }, 4, 10.f, 0, 0, 1e-6);
  check_unary(SfpuUnaryOp::kLeakyRelu, [](double x) { return x >= 0 ? x : double(0.125f * float(x)); }, 0, 1e3f,
              f2u(0.125f));
}

TEST(TileMath, FillAndBitwise) {
  float t[kTileElems];
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = float(i);
  apply_unary(SfpuUnaryOp::kFill, t, f2u(-2.5f), 0);
  for (float v : t) ASSERT_EQ(v, -2.5f);
  // fill_tile_bitcast writes the bits verbatim, e.g. zyx's (bf16 << 16) | bf16.
  apply_unary(SfpuUnaryOp::kFillBits, t, 0x3F803F80u, 0);
  for (float v : t) ASSERT_EQ(f2u(v), 0x3F803F80u);
  apply_unary(SfpuUnaryOp::kBitwiseNot, t, 0, 0);
  for (float v : t) ASSERT_EQ(f2u(v), ~0x3F803F80u);
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = u2f(uint32_t(int32_t(i) - 512));
  apply_unary(SfpuUnaryOp::kAbsInt32, t, 0, 0);
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(int32_t(f2u(t[i])), std::abs(int32_t(i) - 512));
}

TEST(TileMath, BinaryOps) {
  std::vector<float> a = inputs(1e4f, 21), b = inputs(1e4f, 22);
  std::swap(b[0], b[100]);  // pair specials with ordinary values too
  struct Case {
    SfpuBinaryOp op;
    std::function<double(double, double)> ref;
  } cases[] = {
      {SfpuBinaryOp::kAdd, [](double x, double y) { return x + y; }},
      {SfpuBinaryOp::kSub, [](double x, double y) { return x - y; }},
      {SfpuBinaryOp::kRsub, [](double x, double y) { return y - x; }},
      {SfpuBinaryOp::kDiv, [](double x, double y) { return x / y; }},
      {SfpuBinaryOp::kMul, [](double x, double y) { return (x == 0 || y == 0) ? 0.0 : x * y; }},
      {SfpuBinaryOp::kMax, [](double x, double y) { return std::fmax(x, y); }},
      {SfpuBinaryOp::kLt, [](double x, double y) { return x < y ? 1.0 : 0.0; }},
  };
  for (auto& c : cases) {
    std::vector<float> out(kTileElems);
    apply_binary(c.op, a.data(), b.data(), out.data());
    for (uint32_t i = 0; i < kTileElems; ++i) {
      double r = c.ref(a[i], b[i]);
      // fp32 ops are correctly rounded: the fp64 result rounded once must match.
      EXPECT_LE(ulps(out[i], r), 0.5) << binary_name(c.op) << "(" << a[i] << ", " << b[i] << ") = " << out[i]
                                      << ", reference " << r;
    }
  }
  // The SFPU multiply forces 0 * inf and 0 * NaN to zero.
  float x[kTileElems] = {0.0f, -0.0f, kInf}, y[kTileElems] = {kInf, kNaN, 0.0f}, o[kTileElems];
  apply_binary(SfpuBinaryOp::kMul, x, y, o);
  EXPECT_EQ(o[0], 0.0f);
  EXPECT_EQ(o[1], 0.0f);
  EXPECT_EQ(o[2], 0.0f);
  // In place (odst == idst0), as zyx emits it.
  for (uint32_t i = 0; i < kTileElems; ++i) x[i] = float(i), y[i] = 2.0f;
  apply_binary(SfpuBinaryOp::kAdd, x, y, x);
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(x[i], float(i) + 2.0f);
}

TEST(TileMath, Typecast) {
  constexpr uint32_t F32 = 0, F16 = 1, BF16 = 5, I32 = 8, U16 = 9, U32 = 24;
  float t[kTileElems];
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = 1.0f + float(i) * std::ldexp(1.0f, -12);
  // fp32 -> bf16 rounds to nearest even inside DST. t[i] = 1 + i / 4096 and
  // bf16 keeps steps of 2^-7 = 32 / 4096 in [1, 2): the nearest step, ties
  // (i % 32 == 16) to the even one, counted in integers.
  EXPECT_TRUE(apply_typecast(t, F32, BF16));
  for (uint32_t i = 0; i < kTileElems; ++i) {
    uint32_t steps = i / 32;
    const uint32_t rest = i % 32;
    if (rest > 16 || (rest == 16 && steps % 2 == 1)) ++steps;
    ASSERT_EQ(t[i], 1.0f + float(steps) * std::ldexp(1.0f, -7)) << "element " << i;
  }
  // Unsupported pairs are silent no-ops (zyx emits <0,1> and <1,0>).
  float before[kTileElems];
  for (uint32_t i = 0; i < kTileElems; ++i) t[i] = before[i] = 1.0f / float(i + 3);
  EXPECT_FALSE(apply_typecast(t, F32, F16));
  EXPECT_FALSE(apply_typecast(t, F16, F32));
  EXPECT_FALSE(apply_typecast(t, F16, BF16));
  EXPECT_TRUE(apply_typecast(t, BF16, F32));  // supported, nothing to do
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(f2u(t[i]), f2u(before[i]));
  // float <-> int: round half to even, saturate, NaN -> 0.
  t[0] = 2.5f, t[1] = -3.5f, t[2] = 1e20f, t[3] = kNaN, t[4] = -1.0f;
  EXPECT_TRUE(apply_typecast(t, F32, I32));
  EXPECT_EQ(int32_t(f2u(t[0])), 2);
  EXPECT_EQ(int32_t(f2u(t[1])), -4);
  EXPECT_EQ(int32_t(f2u(t[2])), INT32_MAX);
  EXPECT_EQ(int32_t(f2u(t[3])), 0);
  EXPECT_EQ(int32_t(f2u(t[4])), -1);
  EXPECT_TRUE(apply_typecast(t, I32, F32));
  EXPECT_EQ(t[0], 2.0f);
  EXPECT_EQ(t[1], -4.0f);
  EXPECT_EQ(t[4], -1.0f);
  t[0] = 70000.0f, t[1] = -5.0f;
  EXPECT_TRUE(apply_typecast(t, F32, U16));
  EXPECT_EQ(f2u(t[0]), 65535u);
  EXPECT_EQ(f2u(t[1]), 0u);
  EXPECT_TRUE(apply_typecast(t, U16, U32));
  EXPECT_EQ(f2u(t[0]), 65535u);
  // Int8 saturates to sign-magnitude's -127..127 and reads back sign-extended;
  // UInt8 and UInt32 saturate to their width.
  constexpr uint32_t I8 = 14, U8 = 30;
  t[0] = 300.0f, t[1] = -300.0f, t[2] = -5.0f;
  EXPECT_TRUE(apply_typecast(t, F32, I8));
  EXPECT_EQ(int32_t(f2u(t[0])), 127);
  EXPECT_EQ(int32_t(f2u(t[1])), -127);
  EXPECT_EQ(int32_t(f2u(t[2])), -5);
  EXPECT_TRUE(apply_typecast(t, I8, I32));
  EXPECT_EQ(int32_t(f2u(t[1])), -127);
  EXPECT_EQ(int32_t(f2u(t[2])), -5);
  t[0] = 300.0f, t[1] = -1.0f, t[2] = 5e9f;
  EXPECT_TRUE(apply_typecast(t, F32, U8));
  EXPECT_EQ(f2u(t[0]), 255u);
  EXPECT_EQ(f2u(t[1]), 0u);
  t[2] = 5e9f;
  EXPECT_TRUE(apply_typecast(t, F32, U32));
  EXPECT_EQ(f2u(t[2]), 4294967295u);
}

// logsigmoid_tile takes x and a tile holding e^-x (what ttnn's kernel computes
// first); against fp64 log(sigmoid(x)) over [-100, 100].
TEST(TileMath, LogsigmoidFromXAndExpNegX) {
  std::vector<float> a(kTileElems), b(kTileElems), out(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i) {
    a[i] = -100.0f + 200.0f * float(i) / float(kTileElems - 1);
    b[i] = std::exp(-a[i]);  // inf below about -88.7
  }
  apply_binary(SfpuBinaryOp::kLogsigmoid, a.data(), b.data(), out.data());
  for (uint32_t i = 0; i < kTileElems; ++i) {
    const double x = a[i], ref = x < -30 ? x + std::log1p(-std::exp(x)) : -std::log1p(std::exp(-x));
    EXPECT_NEAR(out[i], ref, 4e-7 * std::fabs(ref) + 1e-37) << x;  // a few fp32 ulp
  }
}
