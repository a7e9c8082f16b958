// matmul_acc against a scalar reference written from docs/fidelity.md
// (TF32 operands, fidelity slices, products summed in k order in fp32, DST
// written once per dot or, with a 16-bit DST, rounded per 16-term partial),
// over random tiles with and without subnormals, infinities, NaN and
// products that overflow or underflow, at every fidelity and DST width; and
// the fused-multiply-add path (matmul_fused) taken exactly when its products
// are exact, and then bit for bit the same.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "device/emu/compute/matmul_fused.h"
#include "device/emu/compute/tile_math.h"
#include "float_bits.h"

using namespace zyxtt::emu::compute;
using zyxtt::testing::bf16_to_float;
using zyxtt::testing::bits_of;
using zyxtt::testing::float_of;
using zyxtt::testing::float_to_bf16;

namespace {

constexpr uint32_t kElems = 1024;
constexpr uint32_t kBf16 = 5;  // tt::DataFormat::Float16_b

uint32_t at(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }
bool special(float x) { return (bits_of(x) & 0x7F800000u) == 0x7F800000u; }

// What SrcA / SrcB hold of an fp32 word: the low 13 mantissa bits dropped, a NaN kept a NaN.
float tf32(float x) {
  if (std::isnan(x)) return float_of(bits_of(x) | 0x00400000u);
  return float_of(bits_of(x) & 0xFFFFE000u);
}
float high(float x, uint32_t mask) { return special(x) ? x : float_of(bits_of(x) & mask); }

struct Setting {
  bool transpose, tf32_a, tf32_b;
  uint32_t phases;
  bool dst16;
  std::string name() const {
    return "transpose " + std::to_string(transpose) + " tf32 " + std::to_string(tf32_a) + std::to_string(tf32_b) +
           " phases " + std::to_string(phases) + (dst16 ? " bf16 DST" : " fp32 DST");
  }
};

std::vector<Setting> every_setting() {
  std::vector<Setting> all;
  for (bool transpose : {false, true})
    for (bool ta : {false, true})
      for (bool tb : {false, true})
        for (uint32_t phases : {1u, 2u, 3u, 4u})
          for (bool dst16 : {false, true}) all.push_back({transpose, ta, tb, phases, dst16});
  return all;
}

// One product as the FPU forms it: a (in0) in SrcB, b (in1) in SrcA.
float product(float a, float b, uint32_t phases) {
  volatile float p;  // no contraction with the sum that follows
  const float a_high = high(a, 0xFFFE0000u), b_high = high(b, 0xFFF80000u);
  if (phases >= 4) p = a * b;
  else if (phases == 2) p = a_high * b;
  else if (phases <= 1) p = a_high * b_high;
  else {
    volatile float x = a_high * b, y = (special(a) ? 0.0f : a - a_high) * b_high;
    p = x + y;
  }
  return p;
}

float round_bf16(float v) { return std::isnan(v) ? v : bf16_to_float(float_to_bf16(v)); }

void reference(const float* a_in, const float* b_in, float* dst, const Setting& s) {
  std::vector<float> a(kElems), b(kElems);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      a[at(r, c)] = s.tf32_a ? tf32(a_in[at(r, c)]) : a_in[at(r, c)];
      const float bv = s.transpose ? b_in[at(c, r)] : b_in[at(r, c)];
      b[at(r, c)] = s.tf32_b ? tf32(bv) : bv;
    }
  for (uint32_t i = 0; i < 32; ++i)
    for (uint32_t j = 0; j < 32; ++j) {
      float& d = dst[at(i, j)];
      if (s.dst16) {
        for (uint32_t k0 = 0; k0 < 32; k0 += 16) {
          float sum = 0.0f;
          for (uint32_t k = k0; k < k0 + 16; ++k) sum = sum + product(a[at(i, k)], b[at(k, j)], s.phases);
          d = round_bf16(d + sum);
        }
      } else {
        float sum = 0.0f;
        for (uint32_t k = 0; k < 32; ++k) sum = sum + product(a[at(i, k)], b[at(k, j)], s.phases);
        d = d + sum;
      }
    }
}

// Bits equal; NaN matches any NaN (which operand's payload survives is the host's choice).
std::string differences(const float* got, const float* want) {
  for (uint32_t i = 0; i < kElems; ++i) {
    const bool same = std::isnan(want[i]) ? std::isnan(got[i]) : bits_of(got[i]) == bits_of(want[i]);
    if (!same) {
      char text[128];
      std::snprintf(text, sizeof text, "word %u: got %a (0x%08x), want %a (0x%08x)", i, got[i], bits_of(got[i]),
                    want[i], bits_of(want[i]));
      return text;
    }
  }
  return "";
}

enum class Kind { kPlain, kWideExponents, kSpecials, kBf16, kRawWords };

void fill(std::mt19937& g, float* t, Kind kind) {
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-60, 60);
  const float specials[] = {1e-40f, -3e-42f, 1.17549435e-38f, INFINITY, -INFINITY, NAN, 0.0f, -0.0f, 0x1p100f, 0x1p-100f};
  for (uint32_t i = 0; i < kElems; ++i) {
    float v = unit(g);
    if (kind == Kind::kWideExponents || kind == Kind::kSpecials) v = std::ldexp(v, exponent(g));
    if (kind == Kind::kSpecials && g() % 64 == 0) v = specials[g() % std::size(specials)];
    if (kind == Kind::kBf16) v = bf16_to_float(float_to_bf16(v));
    if (kind == Kind::kRawWords) v = float_of(static_cast<uint32_t>(g()));
    t[i] = v;
  }
}

const Dst16 kBf16Dst{kBf16, Rounding::kNearestEven};

TEST(MatmulAcc, MatchesScalarReferenceAtEveryFidelityAndDstWidth) {
  std::mt19937 g(2026);
  alignas(64) float a[kElems], b[kElems], got[kElems], want[kElems];
  for (const Setting& s : every_setting())
    for (Kind kind : {Kind::kPlain, Kind::kWideExponents, Kind::kSpecials, Kind::kBf16, Kind::kRawWords})
      for (int rep = 0; rep < 3; ++rep) {
        fill(g, a, kind);
        fill(g, b, kind);
        fill(g, got, kind == Kind::kRawWords ? Kind::kPlain : kind);
        for (uint32_t i = 0; i < kElems; ++i) want[i] = got[i];
        reference(a, b, want, s);
        matmul_acc(a, b, got, s.transpose, s.tf32_a, s.tf32_b, s.phases, s.dst16 ? &kBf16Dst : nullptr);
        ASSERT_EQ(differences(got, want), "") << s.name() << ", data kind " << static_cast<int>(kind);
      }
}

// A dot where fused multiply-adds give other bits: 2^-125 + 2^-148 (odd last
// bit), then a product of 0.6 x 2^-149 that a multiply rounds to 2^-149, a
// tie the sum rounds to even (up); fused, the sum stays below the tie.
TEST(MatmulAcc, UnderflowingProductIsRoundedBeforeTheSum) {
  alignas(64) float a[kElems] = {}, b[kElems] = {}, got[kElems] = {}, want[kElems] = {};
  a[at(0, 0)] = 0x1p-62f;
  a[at(0, 1)] = 0x1p-74f;
  a[at(0, 2)] = 0x1.33p-75f;  // TF32-exact 1.19921875
  b[at(0, 0)] = 0x1p-63f;
  b[at(1, 0)] = 0x1p-74f;
  b[at(2, 0)] = 0x1p-75f;
  const float fused = std::fma(a[at(0, 2)], b[at(2, 0)], 0x1p-125f + 0x1p-148f);
  reference(a, b, want, {false, true, true, 4, false});
  ASSERT_EQ(bits_of(want[at(0, 0)]), bits_of(0x1p-125f + 0x1p-147f));
  ASSERT_NE(bits_of(fused), bits_of(want[at(0, 0)]));
  matmul_acc(a, b, got, false, true, true, 4, nullptr);
  EXPECT_EQ(differences(got, want), "");
}

// A tile of TF32 values with exponents in [lo, hi].
void fill_tf32(std::mt19937& g, float* t, int lo, int hi) {
  std::uniform_real_distribution<float> unit(1.0f, 2.0f);
  std::uniform_int_distribution<int> exponent(lo, hi);
  for (uint32_t i = 0; i < kElems; ++i) t[i] = tf32((g() & 1 ? -1.0f : 1.0f) * std::ldexp(unit(g), exponent(g)));
}

const char* isa_name(FusedIsa isa) { return isa == FusedIsa::kAvx512 ? "AVX-512" : "AVX2"; }

// Each instruction set's path this host runs (an AVX-512 host runs both).
TEST(MatmulFused, TakenWhenProductsAreExactAndThenBitIdentical) {
  if (matmul_fused_isas().empty())
    GTEST_SKIP() << "neither AVX-512 nor AVX2 with FMA on this host: matmul_acc multiplies, then adds";
  for (FusedIsa isa : matmul_fused_isas()) {
    SCOPED_TRACE(isa_name(isa));
    std::mt19937 g(7);
    alignas(64) float a[kElems], b[kElems], got[kElems], want[kElems];
    for (const Setting& s : every_setting()) {
      if (s.phases == 3) continue;
      // Exponents up to 62 each: products below 2^126; down to -63: at or above 2^-126.
      fill_tf32(g, a, -63, 62);
      fill_tf32(g, b, -63, 62);
      a[at(3, 4)] = 0.0f;
      b[at(4, 5)] = -0.0f;
      fill(g, got, Kind::kPlain);
      got[at(0, 0)] = INFINITY;  // DST may hold anything
      got[at(1, 1)] = NAN;
      for (uint32_t i = 0; i < kElems; ++i) want[i] = got[i];
      reference(a, b, want, s);
      const Dst16* dst16 = s.dst16 ? &kBf16Dst : nullptr;
      ASSERT_TRUE(matmul_fused_on(isa, a, b, got, s.transpose, s.tf32_a, s.tf32_b, s.phases, dst16)) << s.name();
      ASSERT_EQ(differences(got, want), "") << s.name();
    }
  }
}

TEST(MatmulFused, DeclinesWhenAProductMightRoundAndLeavesDstUntouched) {
  if (matmul_fused_isas().empty()) GTEST_SKIP() << "neither AVX-512 nor AVX2 with FMA on this host";
  for (FusedIsa isa : matmul_fused_isas()) {
    SCOPED_TRACE(isa_name(isa));
    std::mt19937 g(11);
    alignas(64) float a[kElems], b[kElems], dst[kElems], before[kElems];
    struct Case {
      const char* what;
      float a_word, b_word;  // planted at a[2][7] and b[7][9]
      bool tf32;
    };
    const Case cases[] = {
        {"NaN in a", NAN, 1.0f, true},
        {"inf in b", 1.0f, INFINITY, true},
        {"subnormal in a", 1e-39f, 1.0f, true},
        {"exponents whose products may reach 2^128", 0x1p64f, 0x1p63f, true},
        {"exponents whose products may fall below 2^-126", 0x1p-64f, 0x1p-63f, true},
        {"24-bit significands (no TF32)", 1.0f + 0x1p-23f, 1.0f + 0x1p-20f, false},
    };
    for (const Case& c : cases) {
      fill_tf32(g, a, -4, 4);
      fill_tf32(g, b, -4, 4);
      a[at(2, 7)] = c.a_word;
      b[at(7, 9)] = c.b_word;
      fill(g, dst, Kind::kPlain);
      for (uint32_t i = 0; i < kElems; ++i) before[i] = dst[i];
      for (bool dst16 : {false, true}) {
        EXPECT_FALSE(matmul_fused_on(isa, a, b, dst, false, c.tf32, c.tf32, 4, dst16 ? &kBf16Dst : nullptr)) << c.what;
        EXPECT_EQ(differences(dst, before), "") << c.what;
      }
    }
    // The same tiles without the planted words are taken; HiFi3 never is.
    fill_tf32(g, a, -4, 4);
    fill_tf32(g, b, -4, 4);
    EXPECT_TRUE(matmul_fused_on(isa, a, b, dst, false, true, true, 4, nullptr));
    EXPECT_FALSE(matmul_fused_on(isa, a, b, dst, false, true, true, 3, nullptr));
    // Largest and smallest exponents that still pass: products 2^126 x 1.99 and 2^-126.
    a[at(2, 7)] = 0x1.ffcp63f;
    b[at(7, 9)] = 0x1.ffcp62f;
    a[at(5, 1)] = 0x1p-63f;
    b[at(1, 6)] = 0x1p-63f;
    EXPECT_TRUE(matmul_fused_on(isa, a, b, dst, false, true, true, 4, nullptr));
  }
}

}  // namespace
