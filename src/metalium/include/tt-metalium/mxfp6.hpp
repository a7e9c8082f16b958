// MXFP6 tiles on the host (OCP Microscaling: blocks of 32 elements sharing one
// E8M0 scale). MXFP6R elements are E3M2 (largest 28), MXFP6P E2M3 (largest
// 7.5), both finite only, each in the top six bits of its own byte; tiles are
// laid out as mxfp4.hpp says.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

// data: whole tiles, of faces or (row_major_input) each tile row-major; T is float.
template <typename T>
std::vector<uint32_t> pack_as_mxfp6r_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                           const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
std::vector<float> unpack_mxfp6r_tiles_into_float_vec(tt::stl::Span<const uint32_t> mxfp6_tiles, bool row_major_output,
                                                      const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

template <typename T>
std::vector<uint32_t> pack_as_mxfp6p_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                           const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
std::vector<float> unpack_mxfp6p_tiles_into_float_vec(tt::stl::Span<const uint32_t> mxfp6_tiles, bool row_major_output,
                                                      const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

// tt-metal names them in tt::tt_metal as well.
namespace tt::tt_metal {
using ::pack_as_mxfp6p_tiles;
using ::pack_as_mxfp6r_tiles;
using ::unpack_mxfp6p_tiles_into_float_vec;
using ::unpack_mxfp6r_tiles_into_float_vec;
}  // namespace tt::tt_metal
