// bfloat16: the top half of a float, rounded to nearest even.
#include <gtest/gtest.h>

#include <bit>
#include <stdexcept>
#include <vector>
#include <tt-metalium/bfloat16.hpp>

namespace {

uint16_t bits(bfloat16 b) { return std::bit_cast<uint16_t>(b); }

TEST(Bfloat16, RoundsToNearestEven) {
  EXPECT_EQ(bits(bfloat16(1.0f)), 0x3f80);
  // 1 + 2^-8 lies halfway between 0x3f80 and 0x3f81: ties go to the even 0x3f80.
  EXPECT_EQ(bits(bfloat16(std::bit_cast<float>(0x3f808000u))), 0x3f80);
  EXPECT_EQ(bits(bfloat16(std::bit_cast<float>(0x3f818000u))), 0x3f82);
  EXPECT_EQ(bits(bfloat16(std::bit_cast<float>(0x3f808001u))), 0x3f81);
  EXPECT_EQ(bits(bfloat16::truncate(std::bit_cast<float>(0x3f80ffffu))), 0x3f80);
  EXPECT_EQ(static_cast<float>(bfloat16(-2.5f)), -2.5f);
}

TEST(Bfloat16, PacksTwoPerWordLowFirst) {
  EXPECT_EQ(pack_two_bfloat16_into_uint32({bfloat16(1.0f), bfloat16(2.0f)}), 0x40003f80u);
  const auto unpacked = unpack_uint32_vec_into_bfloat16_vec({0x40003f80u});
  ASSERT_EQ(unpacked.size(), 2u);
  EXPECT_EQ(static_cast<float>(unpacked[0]), 1.0f);
  EXPECT_EQ(static_cast<float>(unpacked[1]), 2.0f);
}

// The accessors host code written before the conversion operator calls.
TEST(Bfloat16, KeepsThePreConversionOperatorAccessors) {
  EXPECT_EQ(bfloat16(-2.5f).to_float(), -2.5f);
  EXPECT_EQ(bfloat16(1.0f).to_packed(), 0x3f80);
  EXPECT_EQ(bfloat16(2.0f).to_uint16(), 0x4000);
  static_assert(bfloat16::SIZEOF == sizeof(bfloat16));
  const auto [lo, hi] = unpack_two_bfloat16_from_uint32(0x40003f80u);
  EXPECT_EQ(lo.to_float(), 1.0f);
  EXPECT_EQ(hi.to_float(), 2.0f);
}

// The multicast example's reference: ones on the diagonal, row-major.
TEST(Bfloat16, IdentityMatrixHasOnesOnTheFirstDiagonalEntries) {
  const std::vector<bfloat16> m = create_identity_matrix(3, 4, 2);
  ASSERT_EQ(m.size(), 12u);
  for (size_t r = 0; r < 3; ++r) {
    for (size_t c = 0; c < 4; ++c) {
      EXPECT_EQ(static_cast<float>(m[r * 4 + c]), r == c && r < 2 ? 1.0f : 0.0f) << "at (" << r << ", " << c << ")";
    }
  }
  // A one past the last element is refused, not written.
  EXPECT_THROW(create_identity_matrix(2, 2, 3), std::out_of_range);
}

}  // namespace
