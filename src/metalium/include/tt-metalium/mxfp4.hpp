// MXFP4 tiles on the host (OCP Microscaling: blocks of 32 elements sharing one
// E8M0 scale). Elements are E2M1, finite only (largest 6), two to a byte, the
// first in the low nibble. Every MX tile holds one scale byte per block (blocks
// in face order), padded to the L1 alignment, then the blocks' elements. Only
// Quasar's unpacker and packer read and write these; the host packs them.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

// data: whole tiles, of faces or (row_major_input) each tile row-major; T is float.
template <typename T>
std::vector<uint32_t> pack_as_mxfp4_tiles(tt::stl::Span<const T> data, bool row_major_input,
                                          const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

std::vector<float> unpack_mxfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> mxfp4_tiles, bool row_major_output,
                                                     const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

// tt-metal names them in tt::tt_metal as well.
namespace tt::tt_metal {
using ::pack_as_mxfp4_tiles;
using ::unpack_mxfp4_tiles_into_float_vec;
}  // namespace tt::tt_metal
