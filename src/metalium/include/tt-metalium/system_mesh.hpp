// The mesh of devices this host sees: one emulated device.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class SystemMesh {
 public:
  static SystemMesh& instance();
  const MeshShape& shape() const;
};

}  // namespace tt::tt_metal::distributed
