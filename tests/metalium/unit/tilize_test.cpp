// tilize_nfaces / untilize_nfaces: tiles row-major, faces TL TR BL BR, each row-major.
#include <gtest/gtest.h>

#include <numeric>
#include <tt-metalium/tilize_utils.hpp>

namespace {

TEST(Tilize, PlacesElementsByTileAndFace) {
  const uint32_t m = 32, n = 64;  // two tiles side by side
  std::vector<uint32_t> rm(m * n);
  std::iota(rm.begin(), rm.end(), 0u);  // value = r * n + c
  const auto t = tilize_nfaces(rm, m, n);
  EXPECT_EQ(t[0], 0u);                   // (0,0)
  EXPECT_EQ(t[15], 15u);                 // (0,15): end of face 0's first row
  EXPECT_EQ(t[16], 1u * n + 0);          // (1,0): face 0's second row
  EXPECT_EQ(t[256], 16u);                // face 1 starts at (0,16)
  EXPECT_EQ(t[512], 16u * n);            // face 2 starts at (16,0)
  EXPECT_EQ(t[768], 16u * n + 16);       // face 3 starts at (16,16)
  EXPECT_EQ(t[1024], 32u);               // tile 1 starts at (0,32)
  EXPECT_EQ(t[1024 + 768 + 17], 17u * n + 32 + 16 + 1);  // tile 1, face 3, row 1, col 1
  EXPECT_EQ(untilize_nfaces(t, m, n), rm);
}

TEST(Tilize, RefusesShapesNotOfWholeTiles) {
  EXPECT_THROW(tilize_nfaces(std::vector<float>(16 * 32), 16, 32), std::runtime_error);
  EXPECT_THROW(tilize_nfaces(std::vector<float>(), 32, 32), std::runtime_error);
}

TEST(TensAddr, OffsetsAreRowMajorNchw) {
  TensAddr a({2, 3, 4, 5});
  EXPECT_EQ(a.numel(), 120u);
  EXPECT_EQ(a.offs(0, 0, 0, 1), 1);
  EXPECT_EQ(a.offs(0, 0, 1, 0), 5);
  EXPECT_EQ(a.offs(0, 1, 0, 0), 20);
  EXPECT_EQ(a.offs(1, 2, 3, 4), 119);
  EXPECT_ANY_THROW(a.offs(0, 3, 0, 0));
}

TEST(RoundUp, ToMultiplesOf16And32AndATile) {
  EXPECT_EQ(round_up_to_mul16(17), 32u);
  EXPECT_EQ(round_up_to_mul16(32), 32u);
  EXPECT_EQ(round_up_to_mul32(33), 64u);
  EXPECT_EQ(round_up_to_mul32(0), 0u);
  EXPECT_EQ(round_up_to_tile(65, 32), 96u);
}

}  // namespace
