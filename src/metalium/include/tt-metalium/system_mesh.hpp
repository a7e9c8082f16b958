// The system's mesh: the emulated cluster's chips on their mesh. Its shape is
// global; when the mesh spans MPI ranks, local_shape() is this rank's block.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <optional>
#include <vector>

#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/maybe_remote.hpp>
#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class SystemMesh {
 public:
  static SystemMesh& instance();
  const MeshShape& shape() const;
  const MeshShape& local_shape() const;

  // The devices of a mesh of `shape` (default: the system's) at `offset`
  // (default: the origin), row-major: ids of this rank's, remote markers for
  // the others'; fabric node ids of all.
  struct MappedDevices {
    std::vector<MaybeRemote<int>> device_ids;
    std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids;
    MeshShape mesh_shape;
  };
  MappedDevices get_mapped_devices(const std::optional<MeshShape>& shape,
                                   const std::optional<MeshCoordinate>& offset = std::nullopt) const;
};

}  // namespace tt::tt_metal::distributed
