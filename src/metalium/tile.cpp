#include <tt-metalium/tile.hpp>

#include <algorithm>
#include <ostream>

#include <tt_stl/assert.hpp>
#include <zyxtt/format_facts.h>

namespace tt::tt_metal {
namespace {

// The tile shapes tt-metal allows, each with its face shape.
constexpr std::array<std::array<std::array<uint32_t, 2>, 2>, 12> kTileFaces{{
    {{{32, 32}, {16, 16}}}, {{{16, 32}, {16, 16}}}, {{{32, 16}, {16, 16}}}, {{{16, 16}, {16, 16}}},
    {{{8, 32}, {8, 16}}},   {{{4, 32}, {4, 16}}},   {{{2, 32}, {2, 16}}},   {{{1, 32}, {1, 16}}},
    {{{8, 16}, {8, 16}}},   {{{4, 16}, {4, 16}}},   {{{2, 16}, {2, 16}}},   {{{1, 16}, {1, 16}}},
}};

constexpr uint32_t kExponentAlignment = 16;  // the L1 alignment

}  // namespace

Tile::Tile(std::array<uint32_t, 2> shape, bool transpose_tile) : tile_shape(shape) {
  const auto* it = std::find_if(kTileFaces.begin(), kTileFaces.end(), [&](const auto& p) { return p[0] == shape; });
  TT_FATAL(it != kTileFaces.end(), "Tile size is not valid for our hardware: {}x{} (32x32, 16x32, 32x16, 16x16, "
           "and 1, 2, 4 or 8 rows of 16 or 32)", shape[0], shape[1]);
  face_shape = (*it)[1];
  transpose_within_face = transpose_of_faces = transpose_tile;
  TT_FATAL(!transpose_tile || shape[0] == constants::FACE_HEIGHT || shape[0] == constants::TILE_HEIGHT,
           "Tile height must equal 16 or 32 in transpose mode");
  tile_hw = shape[0] * shape[1];
  face_hw = face_shape[0] * face_shape[1];
  num_faces = tile_hw / face_hw;
  partial_face = shape[0] < constants::TILE_HEIGHT ? 1 : 0;
  narrow_tile = shape[1] < constants::TILE_WIDTH ? 1 : 0;
}

uint32_t Tile::get_tile_size(const DataFormat& format) const {
  const uint32_t exponents = (face_shape[0] * num_faces + kExponentAlignment - 1) / kExponentAlignment * kExponentAlignment;
  switch (format) {
    case DataFormat::Bfp2:
    case DataFormat::Bfp2_b: return tile_hw / 4 + exponents;
    case DataFormat::Bfp4:
    case DataFormat::Bfp4_b: return tile_hw / 2 + exponents;
    case DataFormat::Bfp8:
    case DataFormat::Bfp8_b: return tile_hw + exponents;
    default: break;
  }
  const zyxtt::FormatFacts* facts = zyxtt::format_facts(static_cast<uint32_t>(format));
  TT_FATAL(facts != nullptr && facts->element_bytes != 0, "Tile::get_tile_size: format {} has no tile size",
           static_cast<uint32_t>(format));
  return tile_hw * facts->element_bytes;
}

bool Tile::operator==(const Tile& other) const {
  return tile_shape == other.tile_shape && face_shape == other.face_shape && num_faces == other.num_faces;
}

std::ostream& operator<<(std::ostream& os, const Tile& tile) {
  return os << "Tile(tile_shape=" << tile.get_height() << "x" << tile.get_width() << ", face_shape="
            << tile.get_face_shape()[0] << "x" << tile.get_face_shape()[1] << ", num_faces=" << tile.get_num_faces()
            << ")";
}

}  // namespace tt::tt_metal
