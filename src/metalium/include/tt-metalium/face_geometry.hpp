// How many faces a tile entry holds and how many rows each face has
// (tt-metal's face_geometry.hpp); the defaults are a full 32x32 tile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include <tt-metalium/constants.hpp>

namespace tt::tt_metal {

struct FaceGeometry {
  uint32_t face_r_dim = constants::FACE_HEIGHT;
  uint32_t num_faces = constants::TILE_HW / constants::FACE_HW;

  bool operator==(const FaceGeometry&) const = default;
};

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::FaceGeometry> {
  std::size_t operator()(const tt::tt_metal::FaceGeometry& g) const noexcept {
    return (std::size_t{g.face_r_dim} << 32) ^ g.num_faces;
  }
};
