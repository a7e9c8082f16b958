// mxfp4.hpp, mxfp6.hpp and mxfp8.hpp: each format's tiles through mx_formats.
#include <tt-metalium/mxfp4.hpp>
#include <tt-metalium/mxfp6.hpp>
#include <tt-metalium/mxfp8.hpp>

#include "metalium/mx_formats.h"

namespace mx = zyxtt::metalium::mx;
using OptionalTile = std::optional<tt::tt_metal::Tile>;

template <typename T>
std::vector<uint32_t> pack_as_mxfp4_tiles(tt::stl::Span<const T> data, bool row_major_input, const OptionalTile& tile) {
  return mx::pack_tiles(mx::kE2M1, data, row_major_input, tile);
}
std::vector<float> unpack_mxfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> tiles, bool row_major_output,
                                                     const OptionalTile& tile) {
  return mx::unpack_tiles(mx::kE2M1, tiles, row_major_output, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_mxfp6r_tiles(tt::stl::Span<const T> data, bool row_major_input, const OptionalTile& tile) {
  return mx::pack_tiles(mx::kE3M2, data, row_major_input, tile);
}
std::vector<float> unpack_mxfp6r_tiles_into_float_vec(tt::stl::Span<const uint32_t> tiles, bool row_major_output,
                                                      const OptionalTile& tile) {
  return mx::unpack_tiles(mx::kE3M2, tiles, row_major_output, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_mxfp6p_tiles(tt::stl::Span<const T> data, bool row_major_input, const OptionalTile& tile) {
  return mx::pack_tiles(mx::kE2M3, data, row_major_input, tile);
}
std::vector<float> unpack_mxfp6p_tiles_into_float_vec(tt::stl::Span<const uint32_t> tiles, bool row_major_output,
                                                      const OptionalTile& tile) {
  return mx::unpack_tiles(mx::kE2M3, tiles, row_major_output, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_mxfp8_e5m2_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                               const OptionalTile& tile) {
  return mx::pack_tiles(mx::kE5M2, data, row_major_input, tile);
}
std::vector<float> unpack_mxfp8_e5m2_tiles_into_float_vec(tt::stl::Span<const uint32_t> tiles, bool row_major_output,
                                                          const OptionalTile& tile) {
  return mx::unpack_tiles(mx::kE5M2, tiles, row_major_output, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_mxfp8_e4m3_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                               const OptionalTile& tile) {
  return mx::pack_tiles(mx::kE4M3, data, row_major_input, tile);
}
std::vector<float> unpack_mxfp8_e4m3_tiles_into_float_vec(tt::stl::Span<const uint32_t> tiles, bool row_major_output,
                                                          const OptionalTile& tile) {
  return mx::unpack_tiles(mx::kE4M3, tiles, row_major_output, tile);
}

// float input only, as tt-metal's.
template std::vector<uint32_t> pack_as_mxfp4_tiles<float>(tt::stl::Span<const float>, bool, const OptionalTile&);
template std::vector<uint32_t> pack_as_mxfp6r_tiles<float>(tt::stl::Span<const float>, bool, const OptionalTile&);
template std::vector<uint32_t> pack_as_mxfp6p_tiles<float>(tt::stl::Span<const float>, bool, const OptionalTile&);
template std::vector<uint32_t> pack_as_mxfp8_e5m2_tiles<float>(tt::stl::Span<const float>, bool, const OptionalTile&);
template std::vector<uint32_t> pack_as_mxfp8_e4m3_tiles<float>(tt::stl::Span<const float>, bool, const OptionalTile&);
