// Fabric values kernels and host share (tt-metal's hostdevcommon/fabric_common.h):
// the directions of ethernet channels on the mesh, and the id types.
#pragma once

#include <cstdint>

namespace tt::tt_fabric {

using chan_id_t = std::uint8_t;
using routing_plane_id_t = std::uint8_t;

inline constexpr std::uint32_t MAX_MESH_SIZE = 256;
inline constexpr std::uint32_t MAX_NUM_MESHES = 1024;

enum eth_chan_magic_values : std::uint8_t {
  INVALID_DIRECTION = 0xDD,
  INVALID_ROUTING_TABLE_ENTRY = 0xFF,
};

// North is the mesh row above (row - 1).
enum eth_chan_directions : std::uint8_t {
  EAST = 0,
  WEST = 1,
  NORTH = 2,
  SOUTH = 3,
  Z = 4,
  COUNT = 5,
};

}  // namespace tt::tt_fabric
