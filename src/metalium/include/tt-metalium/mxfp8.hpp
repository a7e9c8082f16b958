// MXFP8 tiles on the host (OCP Microscaling: blocks of 32 elements sharing one
// E8M0 scale). E5M2 elements (MXFP8R) keep IEEE infinities and NaNs (largest
// finite 57344); E4M3 elements (MXFP8P, "E4M3FN") have no infinity and one
// NaN code per sign, S.1111.111 (largest 448). One element to a byte; tiles
// are laid out as mxfp4.hpp says.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

// data: whole tiles, of faces or (row_major_input) each tile row-major; T is float.
template <typename T>
std::vector<uint32_t> pack_as_mxfp8_e5m2_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                               const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
std::vector<float> unpack_mxfp8_e5m2_tiles_into_float_vec(tt::stl::Span<const uint32_t> mxfp8_tiles,
                                                          bool row_major_output,
                                                          const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

template <typename T>
std::vector<uint32_t> pack_as_mxfp8_e4m3_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                               const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
std::vector<float> unpack_mxfp8_e4m3_tiles_into_float_vec(tt::stl::Span<const uint32_t> mxfp8_tiles,
                                                          bool row_major_output,
                                                          const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

// tt-metal names them in tt::tt_metal as well.
namespace tt::tt_metal {
using ::pack_as_mxfp8_e4m3_tiles;
using ::pack_as_mxfp8_e5m2_tiles;
using ::unpack_mxfp8_e4m3_tiles_into_float_vec;
using ::unpack_mxfp8_e5m2_tiles_into_float_vec;
}  // namespace tt::tt_metal
