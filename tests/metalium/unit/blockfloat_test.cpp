// Tiles and Bfp8_b / Bfp4_b on the host: tt-metal's layout (64 exponent
// bytes, one per face row, then the codes, element 0 in the low bits), values
// checked against hand-computed codes.
#include <gtest/gtest.h>

#include "what_of.h"

#include <numeric>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tilize_utils.hpp>

namespace {

using tt::tt_metal::Tile;

TEST(Tile, ShapesFacesAndSizes) {
  const Tile t;
  EXPECT_EQ(t.get_num_faces(), 4u);
  EXPECT_EQ(t.get_tile_size(tt::DataFormat::Bfp8_b), 1024u + 64);
  EXPECT_EQ(t.get_tile_size(tt::DataFormat::Float16_b), 2048u);
  const Tile half({16, 32});
  EXPECT_EQ(half.get_face_shape(), (std::array<uint32_t, 2>{16, 16}));
  EXPECT_EQ(half.get_num_faces(), 2u);
  EXPECT_EQ(half.get_tile_size(tt::DataFormat::Bfp8_b), 512u + 32);
  EXPECT_EQ(Tile({1, 32}).get_face_shape(), (std::array<uint32_t, 2>{1, 16}));
  EXPECT_FALSE(half == t);
  EXPECT_NE(what_of([] { Tile({3, 32}); }).find("not valid"), std::string::npos);
}

// Row 0 of face 0: 2.0 then fifteen 1.0 share exponent 128; 2.0 has
// mantissa code 64 and 1.0 code 32. Every other row is 1.0: exponent 127, code 64.
TEST(Bfp8, PacksTtMetalsLayoutElementZeroInTheLowByte) {
  std::vector<float> faces(1024, 1.0f);
  faces[0] = 2.0f;
  const std::vector<uint32_t> words = pack_as_bfp8_tiles<float>(faces, false, false);
  ASSERT_EQ(words.size(), (1024u + 64) / 4);
  EXPECT_EQ(words[0], 0x7f7f7f80u);  // exponents of rows 0..3
  EXPECT_EQ(words[1], 0x7f7f7f7fu);
  EXPECT_EQ(words[16], 0x20202040u);  // codes of elements 0..3
  EXPECT_EQ(words[20], 0x40404040u);  // row 1
  EXPECT_EQ(unpack_bfp8_tiles_into_float_vec(words, false, false), faces);
}

// Row-major input and output are the face layout converted per tile.
TEST(Bfp8, RowMajorInputAndOutputGoThroughTheFaceLayout) {
  std::vector<float> rm(2048);
  std::iota(rm.begin(), rm.end(), 0.0f);
  const std::vector<float> faces = convert_layout_tile_swizzled_to_tile_nfaces<float>(rm);
  EXPECT_EQ(pack_as_bfp8_tiles<float>(rm, true, false), pack_as_bfp8_tiles<float>(faces, false, false));
  const auto back = unpack_bfp8_tiles_into_float_vec(pack_as_bfp8_tiles<float>(rm, true, false), true, false);
  ASSERT_EQ(back.size(), rm.size());
  for (size_t i = 0; i < rm.size(); ++i) EXPECT_NEAR(back[i], rm[i], rm[i] / 64 + 8) << i;
}

TEST(Bfp4, ElementZeroInTheLowNibble) {
  std::vector<float> faces(1024, 1.0f);
  faces[0] = 0.5f;  // shared exponent 127: 1.0 -> code 4, 0.5 -> code 2
  const std::vector<uint32_t> words = pack_as_bfp4_tiles<float>(faces, false, false);
  ASSERT_EQ(words.size(), (512u + 64) / 4);
  EXPECT_EQ(words[16], 0x44444442u);
  EXPECT_EQ(unpack_bfp4_tiles_into_float_vec(words, false, false), faces);
}

TEST(Bfp8, ExponentAAndOtherTileShapesAreRefused) {
  const std::vector<float> tile(1024, 1.0f);
  EXPECT_NE(what_of([&] { pack_as_bfp8_tiles<float>(tile, false, true); }).find("exponent A"), std::string::npos);
  EXPECT_NE(what_of([&] { pack_as_bfp8_tiles<float>(tile, false, false, Tile({16, 32})); }).find("32x32 only"),
            std::string::npos);
}

}  // namespace
