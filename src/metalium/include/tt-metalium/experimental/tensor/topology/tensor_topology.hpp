// Which device of a mesh holds which piece of a tensor (tt-metal's
// TensorTopology): the distribution's shape, each dimension's placement
// and, in row-major order of the distribution, each piece's device.
#pragma once

#include <optional>
#include <ostream>
#include <vector>

#include <tt-metalium/experimental/tensor/topology/distributed_tensor_configs.hpp>
#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal {

class TensorTopology {
 public:
  // One piece, replicated, on device (0, 0).
  TensorTopology()
      : distribution_shape_(distributed::MeshShape{1}),
        placements_({distributed::MeshMapperConfig::Replicate{}}),
        mesh_coords_({distributed::MeshCoordinate{0, 0}}) {}
  TensorTopology(distributed::MeshShape distribution_shape,
                 ttsl::SmallVector<distributed::MeshMapperConfig::Placement> placements,
                 std::vector<distributed::MeshCoordinate> mesh_coords)
      : distribution_shape_(std::move(distribution_shape)),
        placements_(std::move(placements)),
        mesh_coords_(std::move(mesh_coords)) {}

  // A 1-D distribution over every device of `mesh_shape`, row-major.
  static TensorTopology create_fully_replicated_tensor_topology(const distributed::MeshShape& mesh_shape);
  static TensorTopology create_sharded_tensor_topology(const distributed::MeshShape& mesh_shape, int shard_dim = 0);

  const distributed::MeshShape& distribution_shape() const { return distribution_shape_; }
  const ttsl::SmallVector<distributed::MeshMapperConfig::Placement>& placements() const { return placements_; }
  const std::vector<distributed::MeshCoordinate>& mesh_coords() const { return mesh_coords_; }

  // The piece `offset` steps along `dim` from `tensor_coord`, wrapping around.
  distributed::MeshCoordinate get_neighbor(const distributed::MeshCoordinate& tensor_coord, int32_t offset,
                                           int32_t dim) const;
  distributed::MeshCoordinate get_next_neighbor(const distributed::MeshCoordinate& tensor_coord, int32_t dim) const;
  distributed::MeshCoordinate get_prev_neighbor(const distributed::MeshCoordinate& tensor_coord, int32_t dim) const;
  distributed::MeshCoordinate get_device_coord(const distributed::MeshCoordinate& tensor_coord) const;
  std::optional<distributed::MeshCoordinate> get_tensor_coord(const distributed::MeshCoordinate& device_coord) const;

 private:
  distributed::MeshShape distribution_shape_;
  ttsl::SmallVector<distributed::MeshMapperConfig::Placement> placements_;
  std::vector<distributed::MeshCoordinate> mesh_coords_;
};

bool operator==(const TensorTopology& lhs, const TensorTopology& rhs);
bool operator!=(const TensorTopology& lhs, const TensorTopology& rhs);
std::ostream& operator<<(std::ostream& os, const TensorTopology& tensor_topology);

}  // namespace tt::tt_metal
