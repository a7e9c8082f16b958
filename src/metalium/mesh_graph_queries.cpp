// MeshGraph's queries: meshes and switches, their shapes, chips and host
// ranks, the connections the descriptor requested, and tt-metal's default
// descriptor file per cluster type.
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>

#include <algorithm>

#include <tt-metalium/cluster.hpp>
#include <tt_stl/fmt.hpp>

namespace tt::tt_fabric {

const RequestedIntermeshConnections& MeshGraph::get_requested_intermesh_connections() const {
  return requested_intermesh_connections_;
}

const RequestedIntermeshPorts& MeshGraph::get_requested_intermesh_ports() const { return requested_intermesh_ports_; }

bool MeshGraph::should_assign_z_direction(MeshId src_mesh_id, MeshId dst_mesh_id) const {
  const auto it = mesh_pairs_assign_z_direction_.find(*src_mesh_id);
  return it != mesh_pairs_assign_z_direction_.end() && it->second.contains(*dst_mesh_id);
}

const std::vector<std::unordered_map<port_id_t, ChipId, hash_pair>>& MeshGraph::get_mesh_edge_ports_to_chip_id() const {
  return mesh_edge_ports_to_chip_id_;
}

void MeshGraph::validate_mesh_id(MeshId mesh_id) const {
  TT_FATAL(mesh_to_chip_ids_.contains(mesh_id), "MeshGraph: mesh_id {} not found", *mesh_id);
}

MeshShape MeshGraph::get_mesh_shape(MeshId mesh_id, std::optional<MeshHostRankId> host_rank) const {
  return get_coord_range(mesh_id, host_rank).shape();
}

MeshCoordinateRange MeshGraph::get_coord_range(MeshId mesh_id, std::optional<MeshHostRankId> host_rank) const {
  validate_mesh_id(mesh_id);
  if (!host_rank) return MeshCoordinateRange(mesh_to_chip_ids_.at(mesh_id).shape());
  const auto it = mesh_host_rank_coord_ranges_.find({mesh_id, *host_rank});
  TT_FATAL(it != mesh_host_rank_coord_ranges_.end(), "MeshGraph: host_rank {} not found for mesh {}", **host_rank,
           *mesh_id);
  return it->second;
}

const IntraMeshConnectivity& MeshGraph::get_intra_mesh_connectivity() const { return intra_mesh_connectivity_; }
const InterMeshConnectivity& MeshGraph::get_inter_mesh_connectivity() const { return inter_mesh_connectivity_; }

std::vector<SwitchId> MeshGraph::get_switch_ids() const {
  std::vector<SwitchId> ids;
  for (MeshId id : switch_ids_) ids.emplace_back(*id);
  return ids;
}

std::unordered_set<MeshId> MeshGraph::get_meshes_connected_to_switch(SwitchId switch_id) const {
  const auto it = switch_to_connected_meshes_.find(MeshId{*switch_id});
  if (it == switch_to_connected_meshes_.end()) return {};
  return {it->second.begin(), it->second.end()};
}

bool MeshGraph::is_mesh_connected_to_switch(MeshId mesh_id, SwitchId switch_id) const {
  return get_meshes_connected_to_switch(switch_id).contains(mesh_id);
}

std::optional<SwitchId> MeshGraph::get_switch_for_mesh(MeshId mesh_id) const {
  if (is_switch_mesh(mesh_id)) return SwitchId{*mesh_id};
  for (const auto& [switch_mesh, meshes] : switch_to_connected_meshes_) {
    if (std::find(meshes.begin(), meshes.end(), mesh_id) != meshes.end()) return SwitchId{*switch_mesh};
  }
  return std::nullopt;
}

std::vector<MeshId> MeshGraph::get_all_mesh_ids() const {
  std::vector<MeshId> ids;
  for (const auto& entry : mesh_to_chip_ids_) ids.push_back(entry.first);
  return ids;
}

std::vector<MeshId> MeshGraph::get_mesh_ids() const {
  std::vector<MeshId> ids;
  for (const auto& entry : mesh_to_chip_ids_) {
    if (!is_switch_mesh(entry.first)) ids.push_back(entry.first);
  }
  return ids;
}

bool MeshGraph::is_switch_mesh(MeshId mesh_id) const {
  return std::find(switch_ids_.begin(), switch_ids_.end(), mesh_id) != switch_ids_.end();
}

MeshContainer<ChipId> MeshGraph::get_chip_ids(MeshId mesh_id, std::optional<MeshHostRankId> host_rank) const {
  validate_mesh_id(mesh_id);
  const auto& all = mesh_to_chip_ids_.at(mesh_id);
  if (!host_rank) return all;
  const MeshCoordinateRange range = get_coord_range(mesh_id, host_rank);
  std::vector<ChipId> chips;
  for (const auto& coord : range) chips.push_back(all.at(coord));
  return MeshContainer<ChipId>(range.shape(), chips);
}

MeshCoordinate MeshGraph::chip_to_coordinate(MeshId mesh_id, ChipId chip_id) const {
  const auto cols = static_cast<ChipId>(mesh_to_chip_ids_.at(mesh_id).shape()[1]);
  return MeshCoordinate(chip_id / cols, chip_id % cols);
}

ChipId MeshGraph::coordinate_to_chip(MeshId mesh_id, MeshCoordinate coordinate,
                                     std::optional<MeshHostRankId> host_rank) const {
  if (host_rank) {
    const auto origin = get_coord_range(mesh_id, host_rank).start_coord();
    coordinate = MeshCoordinate(origin[0] + coordinate[0], origin[1] + coordinate[1]);
  }
  const auto cols = mesh_to_chip_ids_.at(mesh_id).shape()[1];
  return static_cast<ChipId>(coordinate[0] * cols + coordinate[1]);
}

std::optional<MeshHostRankId> MeshGraph::get_host_rank_for_chip(MeshId mesh_id, ChipId chip_id) const {
  if (!mesh_to_chip_ids_.contains(mesh_id)) return std::nullopt;
  const MeshCoordinate coord = chip_to_coordinate(mesh_id, chip_id);
  for (const auto& [key, range] : mesh_host_rank_coord_ranges_) {
    if (key.first == mesh_id && range.contains(coord)) return key.second;
  }
  return std::nullopt;
}

const MeshContainer<MeshHostRankId>& MeshGraph::get_host_ranks(MeshId mesh_id) const {
  return mesh_host_ranks_.at(*mesh_id);
}

bool MeshGraph::is_intra_mesh_policy_relaxed(MeshId mesh_id) const {
  const auto it = intra_mesh_relaxed_policy_.find(mesh_id);
  TT_FATAL(it != intra_mesh_relaxed_policy_.end(), "No mode for mesh_id {}", *mesh_id);
  return it->second;
}

bool MeshGraph::is_inter_mesh_policy_relaxed() const { return inter_mesh_relaxed_policy_; }

std::filesystem::path MeshGraph::get_mesh_graph_descriptor_path_for_cluster_type(
    tt::tt_metal::ClusterType cluster_type, const std::string& root_dir, FabricType fabric_type) {
  using tt::tt_metal::ClusterType;
  const bool bh_galaxy = cluster_type == ClusterType::BLACKHOLE_GALAXY;
  const bool galaxy = cluster_type == ClusterType::GALAXY;
  const char* file = nullptr;
  if (fabric_type != FabricType::MESH && (galaxy || bh_galaxy)) {
    const char* torus = fabric_type == FabricType::TORUS_X   ? "torus_x"
                        : fabric_type == FabricType::TORUS_Y ? "torus_y"
                                                             : "torus_xy";
    return std::filesystem::path(root_dir) / "tt_metal/fabric/mesh_graph_descriptors" /
           fmt::format("single_{}galaxy_{}_graph_descriptor.textproto", bh_galaxy ? "bh_" : "", torus);
  }
  if (fabric_type == FabricType::MESH) {
    switch (cluster_type) {
      case ClusterType::N150:
      case ClusterType::SIMULATOR_WORMHOLE_B0: file = "n150_mesh_graph_descriptor.textproto"; break;
      case ClusterType::N300: file = "n300_mesh_graph_descriptor.textproto"; break;
      case ClusterType::T3K: file = "t3k_mesh_graph_descriptor.textproto"; break;
      case ClusterType::GALAXY: file = "single_galaxy_mesh_graph_descriptor.textproto"; break;
      case ClusterType::TG: file = "tg_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P100: file = "p100_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P150:
      case ClusterType::SIMULATOR_BLACKHOLE:
      case ClusterType::SIMULATOR_QUASAR: file = "p150_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P150_X2: file = "p150_x2_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P150_X4: file = "p150_x4_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P150_X8: file = "p150_x8_mesh_graph_descriptor.textproto"; break;
      case ClusterType::N300_2x2: file = "n300_2x2_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P300: file = "p300_mesh_graph_descriptor.textproto"; break;
      case ClusterType::BLACKHOLE_GALAXY: file = "single_bh_galaxy_mesh_graph_descriptor.textproto"; break;
      case ClusterType::P300_X2: file = "p300_x2_mesh_graph_descriptor.textproto"; break;
      default: break;
    }
  }
  TT_FATAL(file != nullptr, "No mesh graph descriptor for cluster type {} and fabric type {}",
           static_cast<int>(cluster_type), static_cast<int>(fabric_type));
  return std::filesystem::path(root_dir) / "tt_metal/fabric/mesh_graph_descriptors" / file;
}

}  // namespace tt::tt_fabric
