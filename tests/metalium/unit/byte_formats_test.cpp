// The host's 8-bit element types: bytes packed first-lowest, tt-metal's
// Fp8_e4m3 rules (no subnormals, exponent 15 NaN, saturation at 240, ties to
// even), and seeded random vectors in the ranges their formats hold.
#include <gtest/gtest.h>

#include "what_of.h"

#include <cmath>
#include <set>
#include <tt-metalium/float8.hpp>
#include <tt-metalium/int8.hpp>
#include <tt-metalium/uint8.hpp>

namespace {

TEST(ByteFormats, FourBytesPackFirstLowest) {
  EXPECT_EQ(pack_four_int8_into_uint32(1, -1, 127, -127), 0x81'7F'FF'01u);
  EXPECT_EQ(pack_four_uint8_into_uint32(0x12, 0x34, 0x56, 0x78), 0x78563412u);
  EXPECT_EQ(pack_four_float8_e4m3_into_uint32(float8_e4m3(1.0f), float8_e4m3(2.0f), float8_e4m3(-1.0f),
                                              float8_e4m3(0.0f)),
            0x00'B8'40'38u);
  const auto back = unpack_uint32_vec_into_float8_e4m3_vec({0x00'B8'40'38u});
  ASSERT_EQ(back.size(), 4u);
  EXPECT_EQ(float(back[0]), 1.0f);
  EXPECT_EQ(float(back[1]), 2.0f);
  EXPECT_EQ(float(back[2]), -1.0f);
  EXPECT_EQ(float(back[3]), 0.0f);
}

// Values by their bits: (-1)^s * 2^(e-7) * (1 + m/8).
TEST(ByteFormats, Fp8E4m3ReadsNormalsExponent15AsNanAndNoSubnormals) {
  EXPECT_EQ(float(float8_e4m3::from_bits(0x38)), 1.0f);
  EXPECT_EQ(float(float8_e4m3::from_bits(0x3C)), 1.5f);
  EXPECT_EQ(float(float8_e4m3::from_bits(0x77)), 240.0f);
  EXPECT_EQ(float(float8_e4m3::from_bits(0xF7)), -240.0f);
  EXPECT_EQ(float(float8_e4m3::from_bits(0x08)), std::ldexp(1.0f, -6));
  EXPECT_TRUE(std::isnan(float(float8_e4m3::from_bits(0x78))));
  EXPECT_TRUE(std::isnan(float(float8_e4m3::from_bits(0x7F))));
  EXPECT_EQ(float(float8_e4m3::from_bits(0x01)), 0.0f);
  EXPECT_TRUE(std::signbit(float(float8_e4m3::from_bits(0x87))));
}

TEST(ByteFormats, Fp8E4m3RoundsToNearestEvenAndSaturates) {
  auto bits = [](float v) { return float8_e4m3(v).to_bits(); };
  EXPECT_EQ(bits(1.0f), 0x38);
  EXPECT_EQ(bits(1.0625f), 0x38);  // halfway 1 .. 1.125: even mantissa 0
  EXPECT_EQ(bits(1.0626f), 0x39);
  EXPECT_EQ(bits(1.1875f), 0x3A);  // halfway 1.125 .. 1.25: even mantissa 2
  EXPECT_EQ(bits(1.9375f), 0x40);  // halfway 1.875 .. 2: carries into the exponent
  EXPECT_EQ(bits(240.0f), 0x77);
  EXPECT_EQ(bits(247.0f), 0x77);
  EXPECT_EQ(bits(248.0f), 0x77);  // halfway 240 .. 256: would carry into exponent 15
  EXPECT_EQ(bits(1000.0f), 0x77);
  EXPECT_EQ(bits(-INFINITY), 0xF7);
  EXPECT_EQ(bits(NAN), 0x7F);
  EXPECT_EQ(bits(std::ldexp(1.0f, -7)), 0x00);  // below the smallest normal
  EXPECT_EQ(bits(-std::ldexp(1.0f, -7)), 0x80);
  EXPECT_EQ(bits(1e-40f), 0x00);  // an fp32 subnormal
}

TEST(ByteFormats, EveryFiniteFp8E4m3RoundTrips) {
  for (int b = 0; b < 256; ++b) {
    const auto f = float8_e4m3::from_bits(static_cast<uint8_t>(b));
    const uint32_t exponent = (b >> 3) & 0xF;
    if (exponent == 0 || exponent == 15) continue;
    EXPECT_EQ(float8_e4m3(float(f)).to_bits(), b) << b;
  }
}

TEST(ByteFormats, RandomVectorsHoldTheirFormatsRangeAndFollowTheSeed) {
  const auto i8 = create_random_vector_of_int8(4096, 7);
  ASSERT_EQ(i8.size(), 1024u);
  std::set<int> seen;
  for (uint32_t w : i8)
    for (int s = 0; s < 32; s += 8) seen.insert(static_cast<int8_t>(w >> s));
  EXPECT_EQ(seen.count(-128), 0u);  // -0 in sign-magnitude: never drawn
  EXPECT_EQ(*seen.begin(), -127);
  EXPECT_EQ(*seen.rbegin(), 127);
  EXPECT_EQ(create_random_vector_of_int8(4096, 7), i8);
  EXPECT_NE(create_random_vector_of_int8(4096, 8), i8);

  const auto u8 = create_random_vector_of_uint8(64, 3);
  EXPECT_EQ(u8.size(), 16u);
  EXPECT_EQ(create_random_vector_of_uint8(64, 3), u8);
  EXPECT_NE(create_random_vector_of_uint8(64, 4), u8);

  const auto f8 = create_random_vector_of_float8_e4m3(1024, 4, 11, -2.0f);
  for (const float8_e4m3& v : unpack_uint32_vec_into_float8_e4m3_vec(f8)) {
    EXPECT_GE(float(v), -2.0f);
    EXPECT_LE(float(v), 2.0f);
  }
  EXPECT_EQ(create_random_vector_of_float8_e4m3(1024, 4, 11, -2.0f), f8);
  EXPECT_NE(what_of([] { create_random_vector_of_int8(6, 1); }).find("multiple of 4"), std::string::npos);
}

}  // namespace
