// api/numeric/*: the bit-level helpers data-movement kernels build scalers and
// compare values with, against the float arithmetic they stand for.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "api/numeric/bfloat16.h"
#include "api/numeric/float32.h"
#include "api/numeric/int32.h"
#include "float_bits.h"

namespace zyxtt::emu::test {
namespace {

using zyxtt::testing::bf16_to_float;
using zyxtt::testing::bits_of;
using zyxtt::testing::float_of;

// The bf16 nearest to f (ties to the even mantissa), found by comparing distances.
uint16_t nearest_bf16(float f) {
  const uint32_t u = bits_of(f);
  const uint16_t down = uint16_t(u >> 16), up = uint16_t(down + 1);
  const double d_down = std::fabs(double(f) - double(bf16_to_float(down)));
  const double d_up = std::fabs(double(bf16_to_float(up)) - double(f));
  if (d_down != d_up) return d_down < d_up ? down : up;
  return (down & 1) == 0 ? down : up;
}

TEST(Numeric, Fp32ToBf16RoundsToNearestEven) {
  EXPECT_EQ(fp32_to_bf16(1.0f), 0x3F80);
  EXPECT_EQ(fp32_to_bf16(float_of(0x3F808000)), 0x3F80);  // tie, even stays
  EXPECT_EQ(fp32_to_bf16(float_of(0x3F818000)), 0x3F82);  // tie, odd rounds up
  EXPECT_EQ(fp32_to_bf16(-std::numeric_limits<float>::infinity()), NEG_INF_BFLOAT16);
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> d(-1e6f, 1e6f);
  for (int i = 0; i < 20000; ++i) {
    const float f = d(rng);
    ASSERT_EQ(fp32_to_bf16(f), nearest_bf16(f)) << f;
  }
}

TEST(Numeric, GreaterAgreesWithFloatOrder) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> d(-100.0f, 100.0f);
  for (int i = 0; i < 20000; ++i) {
    const float a = d(rng), b = i % 7 == 0 ? -a : d(rng);
    const uint16_t ha = uint16_t(bits_of(a) >> 16), hb = uint16_t(bits_of(b) >> 16);
    ASSERT_EQ(bfloat16_greater(ha, hb), bf16_to_float(ha) > bf16_to_float(hb)) << a << " " << b;
    ASSERT_EQ(float32_greater(bits_of(a), bits_of(b)), a > b) << a << " " << b;
    const int32_t ia = int32_t(a * 1e7f), ib = int32_t(b * 1e7f);
    ASSERT_EQ(int32_greater(ia, ib), ia > ib);
  }
  const uint32_t nan = bits_of(std::numeric_limits<float>::quiet_NaN());
  EXPECT_FALSE(float32_greater(nan, bits_of(1.0f)));
  EXPECT_FALSE(float32_greater(bits_of(1.0f), NAN_FLOAT32));
  EXPECT_FALSE(float32_greater(bits_of(0.0f), bits_of(-0.0f)));  // equal as floats
  EXPECT_TRUE(float32_greater(POS_INF_FLOAT32, bits_of(3e38f)));
  EXPECT_TRUE(int32_greater(POS_INF_INT32, NEG_INF_INT32));
  EXPECT_TRUE(bfloat16_greater(POS_INF_BFLOAT16, 0x7F7F));
}

}  // namespace
}  // namespace zyxtt::emu::test
