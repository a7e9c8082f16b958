// pack_as_bfp{8,4}_tiles and their unpacks through the emulator's own Bfp*_b
// conversion (device/emu/compute/formats.h), so host and device agree bit
// for bit; a row-major tile goes through the face layout first.
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/tilize_utils.hpp>

#include <cstring>

#include <tt_stl/assert.hpp>
#include <zyxtt/format_facts.h>

#include "device/emu/compute/formats.h"

namespace {

constexpr uint32_t kTileElems = tt::constants::TILE_HW;

void check_variant(bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile, tt::DataFormat format) {
  TT_FATAL(!is_exp_a, "{} with exponent A (Bfp8 / Bfp4) is not emulated; {} is (is_exp_a = false)",
           zyxtt::format_name_of(static_cast<uint32_t>(format)), zyxtt::format_name_of(static_cast<uint32_t>(format)));
  TT_FATAL(!tile || *tile == tt::tt_metal::Tile(), "{} tiles are emulated 32x32 only, not {}x{}",
           zyxtt::format_name_of(static_cast<uint32_t>(format)), tile->get_height(), tile->get_width());
}

template <typename T>
float as_float(T v) {
  if constexpr (std::is_same_v<T, bfloat16>) return v.to_float();
  else return static_cast<float>(v);
}

template <typename T>
std::vector<uint32_t> pack(tt::DataFormat format, ttsl::Span<const T> data, bool row_major_input, bool is_exp_a,
                           const std::optional<tt::tt_metal::Tile>& tile) {
  check_variant(is_exp_a, tile, format);
  TT_FATAL(data.size() % kTileElems == 0, "{} values are not whole 32x32 tiles", data.size());
  std::vector<float> values(data.size());
  for (size_t i = 0; i < data.size(); ++i) values[i] = as_float(data[i]);
  if (row_major_input) values = convert_layout_tile_swizzled_to_tile_nfaces<float>(values);
  const uint32_t tile_bytes = zyxtt::tile_bytes_of_format(static_cast<uint32_t>(format));
  std::vector<uint32_t> words(values.size() / kTileElems * tile_bytes / 4);
  auto* out = reinterpret_cast<uint8_t*>(words.data());
  for (size_t t = 0; t < values.size() / kTileElems; ++t) {
    zyxtt::emu::compute::pack_tile(static_cast<uint32_t>(format), values.data() + t * kTileElems,
                                   out + t * tile_bytes, zyxtt::emu::compute::PackOptions{});
  }
  return words;
}

std::vector<float> unpack(tt::DataFormat format, ttsl::Span<const uint32_t> words, bool row_major_output,
                          bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile) {
  check_variant(is_exp_a, tile, format);
  const uint32_t tile_bytes = zyxtt::tile_bytes_of_format(static_cast<uint32_t>(format));
  TT_FATAL(words.size() * 4 % tile_bytes == 0, "{} words are not whole {} tiles of {} bytes", words.size(),
           zyxtt::format_name_of(static_cast<uint32_t>(format)), tile_bytes);
  const size_t tiles = words.size() * 4 / tile_bytes;
  std::vector<float> values(tiles * kTileElems);
  const auto* in = reinterpret_cast<const uint8_t*>(words.data());
  for (size_t t = 0; t < tiles; ++t) {
    zyxtt::emu::compute::unpack_tile(static_cast<uint32_t>(format), in + t * tile_bytes,
                                     values.data() + t * kTileElems, false);
  }
  if (row_major_output) values = convert_layout_tile_nfaces_to_tile_swizzled<float>(values);
  return values;
}

}  // namespace

template <typename T>
std::vector<uint32_t> pack_as_bfp8_tiles(ttsl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile) {
  return pack(tt::DataFormat::Bfp8_b, data, row_major_input, is_exp_a, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_bfp4_tiles(ttsl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile) {
  return pack(tt::DataFormat::Bfp4_b, data, row_major_input, is_exp_a, tile);
}

std::vector<float> unpack_bfp8_tiles_into_float_vec(ttsl::Span<const uint32_t> tiles, bool row_major_output,
                                                    bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile) {
  return unpack(tt::DataFormat::Bfp8_b, tiles, row_major_output, is_exp_a, tile);
}

std::vector<float> unpack_bfp4_tiles_into_float_vec(ttsl::Span<const uint32_t> tiles, bool row_major_output,
                                                    bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile) {
  return unpack(tt::DataFormat::Bfp4_b, tiles, row_major_output, is_exp_a, tile);
}

#define ZYXTT_BFP_FOR(T)                                                                                       \
  template std::vector<uint32_t> pack_as_bfp8_tiles<T>(ttsl::Span<const T>, bool, bool,                       \
                                                       const std::optional<tt::tt_metal::Tile>&);             \
  template std::vector<uint32_t> pack_as_bfp4_tiles<T>(ttsl::Span<const T>, bool, bool,                       \
                                                       const std::optional<tt::tt_metal::Tile>&);

ZYXTT_BFP_FOR(float)
ZYXTT_BFP_FOR(bfloat16)
ZYXTT_BFP_FOR(int32_t)
ZYXTT_BFP_FOR(uint32_t)
ZYXTT_BFP_FOR(uint8_t)
ZYXTT_BFP_FOR(uint16_t)
