// A CB's tile shape (tt-metal's Tile): 32x32 by default, or one of the smaller
// shapes, stored in L1 as its faces (16 columns wide, up to 16 rows) one
// after another in row-major face order. Shared by the kernel API
// (get_tile_size / get_tile_hw), the emulator's unpacker and packer and the
// TT-Metalium layer.
#pragma once

#include <cstdint>

#include "zyxtt/format_facts.h"

namespace zyxtt {

struct TileGeometry {
  uint32_t rows = 32;
  uint32_t cols = 32;

  constexpr bool full() const { return rows == 32 && cols == 32; }
  constexpr uint32_t hw() const { return rows * cols; }
  constexpr uint32_t face_rows() const { return rows < 16 ? rows : 16; }
  constexpr uint32_t faces_across() const { return cols / 16; }
  constexpr uint32_t num_faces() const { return hw() / (face_rows() * 16); }
  // The face of a 32x32 tile that face `f` of this tile lies in.
  constexpr uint32_t full_face(uint32_t f) const { return f / faces_across() * 2 + f % faces_across(); }
  constexpr bool operator==(const TileGeometry&) const = default;
};

// The shapes tt-metal allows (tile.cpp checks the same list host-side).
constexpr bool valid_tile_geometry(TileGeometry g) {
  if (g.cols != 16 && g.cols != 32) return false;
  return g.rows == 32 || g.rows == 16 || g.rows == 8 || g.rows == 4 || g.rows == 2 || g.rows == 1;
}

// Bytes of one tile of shape `g` in `format`, 0 for formats the emulator
// cannot convert. Block floats: one exponent byte per face row, the
// exponents padded to 16 bytes, then the mantissas.
constexpr uint32_t tile_bytes_of(uint32_t format, TileGeometry g) {
  const uint32_t full = tile_bytes_of_format(format);
  if (full == 0 || g.full()) return full;
  const FormatFacts* f = format_facts(format);
  if (f->element_bytes != 0) return g.hw() * f->element_bytes;
  const uint32_t exponents = (g.face_rows() * g.num_faces() + 15) / 16 * 16;
  return (full - 64) * g.hw() / 1024 + exponents;
}

}  // namespace zyxtt
