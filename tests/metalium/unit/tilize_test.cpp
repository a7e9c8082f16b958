// tilize_nfaces / untilize_nfaces: tiles row-major, faces TL TR BL BR, each row-major.
#include <gtest/gtest.h>

#include <numeric>
#include <sstream>
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

// Swizzled tiles hold their elements row-major.
TEST(TilizeSwizzled, PlacesElementsByTileThenRowMajor) {
  const uint32_t m = 32, n = 64;
  std::vector<uint32_t> rm(m * n);
  std::iota(rm.begin(), rm.end(), 0u);  // value = r * n + c
  const auto t = tilize_swizzled(rm, m, n);
  EXPECT_EQ(t[33], 1u * n + 1);    // tile 0, (1, 1)
  EXPECT_EQ(t[1024], 32u);         // tile 1 starts at (0, 32)
  EXPECT_EQ(t[1024 + 32], 96u);    // tile 1, (1, 0) = (1, 32)
  EXPECT_EQ(untilize_swizzled(t, m, n), rm);
  EXPECT_EQ(untilize_nfaces(tilize_nfaces(rm, m, n), m, n), rm);
}

// Within one tile of value r * 32 + c: faces row-major, or transposed inside,
// or taken column by column.
TEST(ConvertLayout, SwizzledTileToFacesWithTheirTransposes) {
  std::vector<uint32_t> tile(1024);
  std::iota(tile.begin(), tile.end(), 0u);
  const auto faces = convert_layout_tile_swizzled_to_tile_nfaces<uint32_t>(tile);
  EXPECT_EQ(faces[16], 32u);   // face 0, (1, 0)
  EXPECT_EQ(faces[256], 16u);  // face 1 starts at (0, 16)
  EXPECT_EQ(faces[512], 512u); // face 2 starts at (16, 0)
  EXPECT_EQ(convert_layout_tile_nfaces_to_tile_swizzled<uint32_t>(faces), tile);
  const auto inside = convert_layout_tile_swizzled_to_tile_nfaces<uint32_t>(tile, std::nullopt, std::nullopt, true);
  EXPECT_EQ(inside[1], 32u);   // face 0 column-major: (1, 0) second
  const auto order = convert_layout_tile_swizzled_to_tile_nfaces<uint32_t>(tile, std::nullopt, std::nullopt, false, true);
  EXPECT_EQ(order[256], 512u);  // second face is the one below
  // A 16 x 32 tile has two faces side by side; their order cannot transpose.
  std::vector<uint32_t> half(512);
  std::iota(half.begin(), half.end(), 0u);
  const auto half_faces =
      convert_layout_tile_swizzled_to_tile_nfaces<uint32_t>(half, PhysicalSize{16, 32}, std::nullopt, false, true);
  EXPECT_EQ(half_faces[256], 16u);
}

TEST(ConvertLayout, FoldsLeadingDimensionsAndNeedsWholeTiles) {
  std::vector<float> x(2 * 32 * 64);
  std::iota(x.begin(), x.end(), 0.0f);
  const std::vector<uint32_t> shape{2, 32, 64};
  const auto t = convert_layout<float>(x, ttsl::Span<const uint32_t>(shape), TensorLayoutType::LIN_ROW_MAJOR,
                                       TensorLayoutType::TILED_NFACES);
  EXPECT_EQ(t, tilize_nfaces(x, 32, 64));
  std::vector<float> odd(33 * 32);
  EXPECT_ANY_THROW(convert_layout<float>(odd, PhysicalSize{33, 32}, TensorLayoutType::LIN_ROW_MAJOR,
                                         TensorLayoutType::TILED_SWIZZLED));
  std::ostringstream name;
  name << TensorLayoutType::TILED_SWIZZLED;
  EXPECT_EQ(name.str(), "TILED_SWIZZLED");
}

}  // namespace
