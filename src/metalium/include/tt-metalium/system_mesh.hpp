// The system's mesh: the emulated cluster's chips on their mesh. Its shape is
// global; when the mesh spans MPI ranks, local_shape() is this rank's block.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class SystemMesh {
 public:
  static SystemMesh& instance();
  const MeshShape& shape() const;
  const MeshShape& local_shape() const;
};

}  // namespace tt::tt_metal::distributed
