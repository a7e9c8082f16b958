// A tile's shape and its faces (tt-metal's Tile): 32x32 of four 16x16 faces
// by default; the smaller shapes tt-metal allows, each with its face shape.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstdint>
#include <iosfwd>

#include <tt-metalium/constants.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

struct Tile {
  // Throws for a shape tt-metal does not allow; transpose_tile transposes
  // within faces and the order of faces (heights 16 or 32 only).
  Tile(std::array<uint32_t, 2> tile_shape = {constants::TILE_HEIGHT, constants::TILE_WIDTH},
       bool transpose_tile = false);

  uint32_t get_height() const { return tile_shape[0]; }
  uint32_t get_width() const { return tile_shape[1]; }
  uint32_t get_num_faces() const { return num_faces; }
  uint32_t get_tile_hw() const { return tile_hw; }
  uint32_t get_face_hw() const { return face_hw; }
  uint32_t get_partial_face() const { return partial_face; }
  uint32_t get_narrow_tile() const { return narrow_tile; }
  std::array<uint32_t, 2> get_tile_shape() const { return tile_shape; }
  std::array<uint32_t, 2> get_face_shape() const { return face_shape; }
  bool get_transpose_within_face() const { return transpose_within_face; }
  bool get_transpose_of_faces() const { return transpose_of_faces; }
  // Bytes of one tile in `format` (block floats with their exponents, 16-byte aligned).
  uint32_t get_tile_size(const DataFormat& format) const;
  bool operator==(const Tile& other) const;

 private:
  std::array<uint32_t, 2> tile_shape = {constants::TILE_HEIGHT, constants::TILE_WIDTH};
  std::array<uint32_t, 2> face_shape = {constants::FACE_HEIGHT, constants::FACE_WIDTH};
  uint32_t tile_hw = constants::TILE_HW;
  uint32_t face_hw = constants::FACE_HW;
  uint32_t num_faces = constants::TILE_HW / constants::FACE_HW;
  uint32_t partial_face = 0;
  uint32_t narrow_tile = 0;
  bool transpose_within_face = false;
  bool transpose_of_faces = false;
};

std::ostream& operator<<(std::ostream& os, const Tile& tile);

}  // namespace tt::tt_metal
