// How a tensor maps onto a mesh: each mesh dimension replicates it or
// shards one of its dimensions (tt-metal's distributed_tensor_configs.hpp).
#pragma once

#include <optional>
#include <ostream>
#include <variant>

#include <tt-metalium/mesh_coord.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal::distributed {

struct MeshMapperConfig {
  struct Replicate {
    bool operator==(const Replicate&) const = default;
  };
  struct Shard {
    int dim = 0;
    bool operator==(const Shard&) const = default;
  };
  using Placement = std::variant<Replicate, Shard>;

  ttsl::SmallVector<Placement> placements;
  std::optional<MeshShape> mesh_shape_override = std::nullopt;
};

bool operator==(const MeshMapperConfig::Placement& lhs, const MeshMapperConfig::Placement& rhs);
std::ostream& operator<<(std::ostream& os, const MeshMapperConfig::Placement& placement);
std::ostream& operator<<(std::ostream& os, const MeshMapperConfig& config);

struct MeshComposerConfig {
  ttsl::SmallVector<int> dims;
  std::optional<MeshShape> mesh_shape_override = std::nullopt;
};

std::ostream& operator<<(std::ostream& os, const MeshComposerConfig& config);

}  // namespace tt::tt_metal::distributed
