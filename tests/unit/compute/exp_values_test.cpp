// exp_values against std::exp, word for word: exp_tile's results may not
// change with the vector path. Every 61st float word (70 million, each sign
// and exponent) plus the edges of libm's slow path. The full sweep of all
// 2^32 words matched when the vector path was written (2026-12-06, glibc 2.36)
// and with the AVX2 path once its reduction was fused as glibc's is
// (2026-12-07, glibc 2.36, an AVX2-only EPYC).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <vector>

#include "device/emu/compute/exp_values.h"

using zyxtt::emu::compute::exp_values;
using zyxtt::emu::compute::exp_values_vectorised;

namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The words of `in` whose exp_values result differs from std::exp (at most 5).
std::vector<uint32_t> mismatches(const std::vector<float>& in) {
  std::vector<float> got = in;
  exp_values(got.data(), got.size());
  std::vector<uint32_t> bad;
  for (size_t i = 0; i < in.size() && bad.size() < 5; ++i)
    if (bits(got[i]) != bits(std::exp(in[i]))) bad.push_back(bits(in[i]));
  return bad;
}

TEST(ExpValues, EqualsStdExpOnASweepOfAllWords) {
  std::cout << "vector path: " << (exp_values_vectorised() ? "yes" : "no (std::exp)") << "\n";
  std::vector<float> in(1 << 20);
  for (uint64_t base = 0; base < (uint64_t{1} << 32); base += uint64_t{61} * in.size()) {
    for (size_t i = 0; i < in.size(); ++i) in[i] = from_bits(static_cast<uint32_t>(base + uint64_t{61} * i));
    EXPECT_EQ(mismatches(in), std::vector<uint32_t>{}) << "from word " << base;
  }
}

// The two words of 2^32 where an unfused x * 32/ln 2 - k (glibc's expf
// fuses it on an FMA host) gives one ulp less: 32.56 and -63.1.
TEST(ExpValues, EqualsStdExpWhereOnlyAFusedReductionDoes) {
  EXPECT_EQ(mismatches({from_bits(0x4202422fu), from_bits(0xc27c65d9u), 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}),
            std::vector<uint32_t>{});
}

TEST(ExpValues, EqualsStdExpAroundTheSlowPathAndOddLengths) {
  std::vector<float> in;
  for (float edge : {88.0f, -88.0f, 88.7228f, -103.28f, -103.972f, 0.0f, 1e-30f, -1e-30f}) {
    float v = edge;
    for (int i = 0; i < 300; ++i) v = std::nextafter(v, std::numeric_limits<float>::infinity());
    for (int i = 0; i < 600; ++i) {
      in.push_back(v);
      v = std::nextafter(v, -std::numeric_limits<float>::infinity());
    }
  }
  for (float s : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min(),
                  std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest()})
    in.push_back(s);
  in.push_back(from_bits(0x7fa00001u));  // a signalling NaN
  EXPECT_EQ(mismatches(in), std::vector<uint32_t>{});
  // Lengths that leave a tail after the 8-lane steps.
  for (size_t n : {size_t{1}, size_t{7}, size_t{13}}) {
    std::vector<float> part(in.begin(), in.begin() + n);
    EXPECT_EQ(mismatches(part), std::vector<uint32_t>{}) << n << " values";
  }
}

}  // namespace
