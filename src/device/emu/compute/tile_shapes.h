// Tiles smaller than 32x32 (tt-metal's tiny tiles): the unpacker and packer
// convert them through a 32x32 tile of the same format, each element at its
// place in the big tile and zeros around it, so every op treats a tiny tile
// as the corner of a full one (its broadcasts, reductions and matmuls then
// follow its geometry).
#pragma once

#include <cstdint>

#include "zyxtt/tile_geometry.h"

namespace zyxtt::emu::compute {

// `tiny` (one tile of shape `g` in `format`, as L1 holds it) to a 32x32 tile
// of `format` in `full` (tile_bytes_of_format bytes), zero outside `g`.
void tiny_to_full(uint32_t format, TileGeometry g, const uint8_t* tiny, uint8_t* full);
// The elements of `g` in the 32x32 tile `full` to the tiny tile `tiny`.
void full_to_tiny(uint32_t format, TileGeometry g, const uint8_t* full, uint8_t* tiny);

// Sets the elements of a DST-layout 32x32 tile that lie outside `g` to
// `value` (a max reduction's padding must not win over the tile's values).
void fill_outside(TileGeometry g, float* tile, float value);

}  // namespace zyxtt::emu::compute
