// How the FPU computes on a core: math fidelity phases of multiplies and a
// 16-bit DST that rounds every FPU write. References are computed here from
// the definitions (docs/fidelity.md, "Math fidelity" and "16-bit DST"): the
// phase products from integer significands in fp64, bf16 rounding from
// float_bits.h; never through the emulator's own helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "float_bits.h"
#include "test_support.h"
#include "zyxtt/krt.h"
#include "zyxtt/krt_compute.h"

using namespace zyxtt;
using test::FakeCore;
using zyxtt::testing::bf16_to_float;
using zyxtt::testing::bits_of;
using zyxtt::testing::float_of;
using zyxtt::testing::float_to_bf16;
using zyxtt::testing::tf32_truncate;

namespace {

constexpr uint32_t F32 = 0, BF16 = 5;
constexpr uint32_t kElems = 1024;
constexpr uint32_t kLoFi = 0, kHiFi2 = 2, kHiFi3 = 3, kHiFi4 = 4;

uint32_t at(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }

// One slice of x's significand: the top `bits` significant bits (implicit one
// included) when `high`, else the bits below them; as an exact double.
double slice(float x, int bits, bool high) {
  const uint32_t u = bits_of(x);
  const int biased = int((u >> 23) & 0xFF);
  const int64_t m = int64_t(u & 0x7FFFFF) | (biased ? 0x800000 : 0);  // 24-bit significand
  const int64_t top = m & ~((int64_t{1} << (24 - bits)) - 1);
  const double v = std::ldexp(double(high ? top : m - top), (biased ? biased - 127 : -126) - 23);
  return (u >> 31) ? -v : v;
}

// The multiplier's product over `phases` phases: phase p takes SrcA's high 5
// bits (p bit 0 clear) or the rest, SrcB's high 7 bits (p bit 1 clear) or the rest.
double phase_product(float srca, float srcb, uint32_t phases) {
  double sum = 0;
  for (uint32_t p = 0; p < phases; ++p) sum += slice(srca, 5, !(p & 1)) * slice(srcb, 7, !(p & 2));
  return sum;
}

uint32_t phases_of(uint32_t fidelity) { return fidelity == kLoFi ? 1 : fidelity; }

float bf16_rne(float x) { return bf16_to_float(float_to_bf16(x)); }

// Random values exact in TF32 (what SrcA/SrcB hold of fp32 data), or in bf16.
std::vector<float> tf32_values(uint32_t seed, float lim = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-lim, lim);
  std::vector<float> v(kElems);
  for (auto& x : v) x = float_of(bits_of(d(rng)) & 0xFFFFE000u);
  return v;
}
std::vector<float> bf16_values(uint32_t seed, float lim = 1.0f) {
  std::vector<float> v = tf32_values(seed, lim);
  for (auto& x : v) x = bf16_rne(x);
  return v;
}

class FpuNumerics : public ::testing::Test {
 protected:
  FakeCore fc;
  float* dst(uint32_t i) { return fc.compute().dst[i].v; }
  void cb(uint32_t id, uint32_t pages = 8) { fc.configure_cb(id, F32, 4096, pages); }
  void feed(uint32_t id, const std::vector<float>& v) { fc.feed(id, v.data(), 1); }
  void mode(bool fp32_dest_acc, uint32_t fidelity) {
    emu::compute::reset_compute_state(fc.compute(), fp32_dest_acc, false, fidelity);
  }
};

// in0 . in1 as tt-metal's matmul computes it: in1 in SrcA, in0 in SrcB, the
// 32 products of a dot summed in fp32 in k order, added to a zero DST.
std::vector<float> matmul_reference(const std::vector<float>& a, const std::vector<float>& b, uint32_t phases) {
  std::vector<float> c(kElems);
  for (uint32_t i = 0; i < 32; ++i)
    for (uint32_t j = 0; j < 32; ++j) {
      float acc = 0.0f;
      for (uint32_t k = 0; k < 32; ++k) acc += float(phase_product(b[at(k, j)], a[at(i, k)], phases));
      c[at(i, j)] = 0.0f + acc;
    }
  return c;
}

// Largest |c - exact| / sum |a*b| over the tile, exact in fp64.
double matmul_error(const std::vector<float>& a, const std::vector<float>& b, const float* c) {
  double worst = 0;
  for (uint32_t i = 0; i < 32; ++i)
    for (uint32_t j = 0; j < 32; ++j) {
      double exact = 0, mag = 0;
      for (uint32_t k = 0; k < 32; ++k) {
        exact += double(a[at(i, k)]) * b[at(k, j)];
        mag += std::fabs(double(a[at(i, k)]) * b[at(k, j)]);
      }
      worst = std::max(worst, std::fabs(c[at(i, j)] - exact) / mag);
    }
  return worst;
}

}  // namespace

// The phases' partial products, checked on values that isolate each slice.
TEST(FidelityModel, PhaseSlicesOfTheReference) {
  const float x = 1.0f + 1.0f / 32 + 1.0f / 1024;  // SrcA: high 1, rest 2^-5 + 2^-10
  const float y = 1.0f + 1.0f / 128 + 1.0f / 1024;  // SrcB: high 1, rest 2^-7 + 2^-10
  EXPECT_EQ(phase_product(x, y, 1), 1.0);
  EXPECT_EQ(phase_product(x, y, 2), double(x));
  EXPECT_EQ(phase_product(x, y, 3), double(x) + (double(y) - 1));
  EXPECT_EQ(phase_product(x, y, 4), double(x) * double(y));
}

// A matmul at each fidelity, bit for bit against the phase model; the error
// against fp64 falls with each phase, and HiFi4 is the plain fp32 product
// sum (the emulator's results before phases were modelled).
TEST_F(FpuNumerics, MatmulAtEachFidelityMatchesThePhaseModel) {
  cb(0), cb(1);
  const std::vector<float> a = tf32_values(1), b = tf32_values(2);
  feed(0, a), feed(1, b);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  double err[5] = {};
  for (uint32_t fidelity : {kLoFi, kHiFi2, kHiFi3, kHiFi4}) {
    mode(true, fidelity);
    krt::dst_acquire();
    krt::matmul(0, 1, 0, 0, 0, 0, 1, 1, 1);
    const std::vector<float> ref = matmul_reference(a, b, phases_of(fidelity));
    for (uint32_t i = 0; i < kElems; ++i) ASSERT_EQ(bits_of(dst(0)[i]), bits_of(ref[i])) << "fidelity " << fidelity << " element " << i;
    err[fidelity] = matmul_error(a, b, dst(0));
    std::printf("matmul fidelity %u: max error %.3g x sum|a*b|\n", fidelity, err[fidelity]);
    if (fidelity == kHiFi4) {
      for (uint32_t i = 0; i < 32; ++i)
        for (uint32_t j = 0; j < 32; ++j) {
          float acc = 0.0f;
          for (uint32_t k = 0; k < 32; ++k) acc += a[at(i, k)] * b[at(k, j)];
          ASSERT_EQ(bits_of(dst(0)[at(i, j)]), bits_of(0.0f + acc));
        }
    }
  }
  EXPECT_GT(err[kLoFi], err[kHiFi2]);
  EXPECT_GT(err[kHiFi2], err[kHiFi3]);
  EXPECT_GE(err[kHiFi3], err[kHiFi4]);
  EXPECT_LT(err[kHiFi4], 32 * 0x1p-24);  // fp32 sums of exact products
}

// Element-wise mul: in0 in SrcA, in1 in SrcB (broadcast too); add and sub
// take no phases; dest reuse puts the DST value in the source register named.
TEST_F(FpuNumerics, MulAndBroadcastMulTakeTheKernelsFidelity) {
  cb(0), cb(1);
  const std::vector<float> a = tf32_values(3, 4.0f), b = tf32_values(4, 4.0f);
  feed(0, a), feed(1, b);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  for (uint32_t fidelity : {kLoFi, kHiFi2, kHiFi3, kHiFi4}) {
    mode(true, fidelity);
    krt::dst_acquire();
    krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 0);
    krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 1, krt::Bcast::kRow, 0);
    krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 2);
    const uint32_t phases = phases_of(fidelity);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) {
        const uint32_t i = at(r, c);
        ASSERT_EQ(bits_of(dst(0)[i]), bits_of(float(phase_product(a[i], b[i], phases)))) << fidelity << " " << i;
        ASSERT_EQ(bits_of(dst(1)[i]), bits_of(float(phase_product(a[i], b[at(0, c)], phases)))) << fidelity;
        ASSERT_EQ(bits_of(dst(2)[i]), bits_of(a[i] + b[i]));
      }
    // binary_dest_reuse_tiles: the DST value (TF32 in its source register) in
    // SrcA for DEST_TO_SRCA, in SrcB for DEST_TO_SRCB; the CB tile in the other.
    const std::vector<float> d0(dst(0), dst(0) + kElems), d2(dst(2), dst(2) + kElems);
    krt::fpu_dest_reuse(krt::FpuBinaryOp::kMul, 1, 0, 0, /*DEST_TO_SRCA*/ 1);
    krt::fpu_dest_reuse(krt::FpuBinaryOp::kMul, 1, 0, 2, /*DEST_TO_SRCB*/ 2);
    for (uint32_t i = 0; i < kElems; ++i) {
      ASSERT_EQ(bits_of(dst(0)[i]), bits_of(float(phase_product(tf32_truncate(d0[i]), b[i], phases)))) << fidelity;
      ASSERT_EQ(bits_of(dst(2)[i]), bits_of(float(phase_product(b[i], tf32_truncate(d2[i]), phases)))) << fidelity;
    }
    krt::dst_commit(), krt::dst_wait(), krt::dst_release();
  }
}

// reduce SUM multiplies the input (SrcA) by the scaler (SrcB): at LoFi the
// input keeps 5 significant bits; MAX takes no phases.
TEST_F(FpuNumerics, ReduceSumTakesTheKernelsFidelity) {
  cb(0), cb(1);
  const std::vector<float> a = tf32_values(5, 8.0f);
  std::vector<float> s(kElems, 0.0f);
  const float scaler = 1.0f + 1.0f / 64 + 1.0f / 512;  // needs SrcB's rest at HiFi3
  for (uint32_t f = 0; f < 4; ++f)
    for (uint32_t j = 0; j < 16; ++j) s[f * 256 + j] = scaler;
  feed(0, a), feed(1, s);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  for (uint32_t fidelity : {kLoFi, kHiFi2, kHiFi3, kHiFi4}) {
    mode(true, fidelity);
    krt::dst_acquire();
    krt::reduce(krt::ReducePool::kSum, krt::ReduceDim::kRow, 0, 1, 0, 0, 0);
    krt::reduce(krt::ReducePool::kMax, krt::ReduceDim::kRow, 0, 1, 0, 0, 1);
    for (uint32_t r = 0; r < 32; ++r) {
      float sum = 0.0f, max = -INFINITY;
      for (uint32_t c = 0; c < 32; ++c) {
        sum += float(phase_product(a[at(r, c)], scaler, phases_of(fidelity)));
        max = std::max(max, a[at(r, c)] * scaler);
      }
      ASSERT_EQ(bits_of(dst(0)[at(r, 0)]), bits_of(sum)) << "fidelity " << fidelity << " row " << r;
      ASSERT_EQ(bits_of(dst(1)[at(r, 0)]), bits_of(max)) << "fidelity " << fidelity << " row " << r;
    }
    krt::dst_commit(), krt::dst_wait(), krt::dst_release();
  }
}

// A K loop of matmul_tiles into one DST tile: with fp32 accumulation off every
// MVMUL (16 products of a dot) is added to the bf16 DST value and rounded to
// nearest even there, so precision is lost per step; with it on, not.
TEST_F(FpuNumerics, SixteenBitDstRoundsEveryAccumulationStep) {
  constexpr uint32_t kTiles = 16;
  std::vector<std::vector<float>> as, bs;
  for (uint32_t t = 0; t < kTiles; ++t) as.push_back(bf16_values(10 + t)), bs.push_back(bf16_values(40 + t));
  fc.configure_cb(0, BF16, 2048, kTiles), fc.configure_cb(1, BF16, 2048, kTiles);
  double err[2] = {};
  for (bool fp32_acc : {false, true}) {
    mode(fp32_acc, kHiFi4);
    for (uint32_t t = 0; t < kTiles; ++t) {
      std::vector<uint16_t> ha(kElems), hb(kElems);
      for (uint32_t i = 0; i < kElems; ++i) ha[i] = float_to_bf16(as[t][i]), hb[i] = float_to_bf16(bs[t][i]);
      fc.feed(0, ha.data(), 1), fc.feed(1, hb.data(), 1);
    }
    krt::cb_wait_front(0, kTiles), krt::cb_wait_front(1, kTiles);
    krt::compute_configure(0, 1, 0);
    krt::dst_acquire();
    for (uint32_t t = 0; t < kTiles; ++t) krt::matmul(0, 1, t, t, 0, 0, 1, 1, 1);
    double worst = 0;
    for (uint32_t i = 0; i < 32; ++i)
      for (uint32_t j = 0; j < 32; ++j) {
        float d = 0.0f;
        double exact = 0, mag = 0;
        for (uint32_t t = 0; t < kTiles; ++t) {
          float dot = 0.0f;
          for (uint32_t k = 0; k < 32; ++k) {
            const float p = as[t][at(i, k)] * bs[t][at(k, j)];  // exact: bf16 x bf16
            dot += p;
            exact += double(p), mag += std::fabs(double(p));
            if (!fp32_acc && k % 16 == 15) d = bf16_rne(d + dot), dot = 0.0f;
          }
          if (fp32_acc) d = d + dot;
        }
        ASSERT_EQ(bits_of(dst(0)[at(i, j)]), bits_of(d)) << (fp32_acc ? "32-bit" : "16-bit") << " DST (" << i << ", " << j << ")";
        worst = std::max(worst, std::fabs(d - exact) / mag);
      }
    err[fp32_acc] = worst;
    krt::cb_pop_front(0, kTiles), krt::cb_pop_front(1, kTiles);
    std::printf("%s DST, %u accumulated matmul_tiles: max error %.3g x sum|a*b|\n", fp32_acc ? "32-bit" : "16-bit", kTiles,
                worst);
    krt::dst_commit(), krt::dst_wait(), krt::dst_release();
  }
  EXPECT_GT(err[0], 100 * err[1]);
}

// acc_to_dest add and dest-reuse mul into a 16-bit DST: each FPU write rounds
// to nearest even (truncation would give 1 + 2^-7 for the first).
TEST_F(FpuNumerics, SixteenBitDstRoundsFpuResults) {
  mode(false, kHiFi4);
  cb(0), cb(1);
  std::vector<float> a(kElems, 1.0f + 1.0f / 128 + 1.0f / 256 + 1.0f / 1024), b(kElems, 0.0f);
  feed(0, a), feed(1, b);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 0);
  EXPECT_EQ(dst(0)[7], 1.0f + 1.0f / 64);
  krt::fpu_accumulate(true);
  for (int step = 0; step < 4; ++step) krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 0);
  float ref = 1.0f + 1.0f / 64;
  for (int step = 0; step < 4; ++step) ref = bf16_rne(ref + a[0]);
  EXPECT_EQ(dst(0)[7], ref);
  krt::fpu_accumulate(false);
  krt::fpu_dest_reuse(krt::FpuBinaryOp::kMul, 0, 0, 0, /*DEST_TO_SRCA*/ 1);
  EXPECT_EQ(dst(0)[7], bf16_rne(ref * a[0]));
}
