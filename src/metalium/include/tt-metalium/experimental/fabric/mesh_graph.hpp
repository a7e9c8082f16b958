// tt-metal's MeshGraph: the logical fabric a mesh graph descriptor (MGD
// textproto) describes: each mesh's (and switch's) chips, row-major, their
// N/E/S/W neighbours, host ranks, and the inter-mesh connections requested.
// The emulated cluster's own routes do not come from it (ControlPlane answers
// from the cluster's links); it serves tools and tests reading descriptors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <tt-metalium/device_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/indestructible.hpp>  // tt-metal's brings it; its users' statics use it
#include <umd/device/types/arch.hpp>

namespace tt {
class Cluster;
}  // namespace tt
namespace tt::tt_metal {
enum class ClusterType : std::uint8_t;
}  // namespace tt::tt_metal

namespace tt::tt_fabric {

using tt::tt_metal::distributed::MeshContainer;
using tt::tt_metal::distributed::MeshCoordinate;
using tt::tt_metal::distributed::MeshCoordinateRange;
using tt::tt_metal::distributed::MeshShape;

struct ChipSpec {
  tt::ARCH arch;
  std::uint32_t num_eth_ports_per_direction;
  std::uint32_t num_z_ports;
};

// N is the mesh row above (row - 1).
enum class RoutingDirection {
  N = 0,
  E = 1,
  S = 2,
  W = 3,
  Z = 4,
  C = 5,     // the destination is the source
  NONE = 6,  // the destination cannot be reached
};

struct RouterEdge {
  RoutingDirection port_direction;
  std::vector<ChipId> connected_chip_ids;  // one per port
  std::uint32_t weight;
};

struct hash_pair {
  template <class T1, class T2>
  size_t operator()(const std::pair<T1, T2>& p) const {
    size_t seed = std::hash<T1>{}(p.first);
    seed ^= std::hash<T2>{}(p.second) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
    return seed;
  }
};

using port_id_t = std::pair<RoutingDirection, uint32_t>;

}  // namespace tt::tt_fabric

template <>
struct std::hash<tt::tt_fabric::port_id_t> {
  std::size_t operator()(const tt::tt_fabric::port_id_t& p) const;
};

namespace tt::tt_fabric {

using InterMeshConnectivity = std::vector<std::vector<std::unordered_map<MeshId, RouterEdge>>>;
using IntraMeshConnectivity = std::vector<std::vector<std::unordered_map<ChipId, RouterEdge>>>;
// ((src mesh, port), (dst mesh, port), hash of the cable, the same from both ends).
using AnnotatedIntermeshConnections =
    std::vector<std::tuple<std::pair<uint32_t, port_id_t>, std::pair<uint32_t, port_id_t>, std::size_t>>;
// Mesh-level connections: src mesh -> dst mesh -> channels.
using RequestedIntermeshConnections = std::unordered_map<uint32_t, std::unordered_map<uint32_t, uint32_t>>;
// Device-level connections: src mesh -> dst mesh -> (src chip, dst chip, channels).
using RequestedIntermeshPorts =
    std::unordered_map<uint32_t, std::unordered_map<uint32_t, std::vector<std::tuple<uint32_t, uint32_t, uint32_t>>>>;

class MeshGraph {
 public:
  // Reads the descriptor (MGD 1.0 restrictions on). A fabric_config may only
  // narrow the descriptor's topology (a torus to a mesh), never widen it.
  explicit MeshGraph(tt::tt_metal::ClusterType cluster_type, const std::string& mesh_graph_desc_file_path,
                     std::optional<FabricConfig> fabric_config = std::nullopt);
  explicit MeshGraph(const tt::Cluster& cluster, const std::string& mesh_graph_desc_file_path,
                     std::optional<FabricConfig> fabric_config = std::nullopt);
  ~MeshGraph() = default;

  // Every chip's edges, at debug level.
  void print_connectivity() const;

  const IntraMeshConnectivity& get_intra_mesh_connectivity() const;
  const InterMeshConnectivity& get_inter_mesh_connectivity() const;

  const ChipSpec& get_chip_spec() const { return chip_spec_; }

  // Ranks of the hosts a mesh spans, shaped as its host_topology.
  const MeshContainer<MeshHostRankId>& get_host_ranks(MeshId mesh_id) const;

  // Of the whole mesh, or of one host rank's part of it.
  MeshShape get_mesh_shape(MeshId mesh_id, std::optional<MeshHostRankId> host_rank = std::nullopt) const;
  MeshCoordinateRange get_coord_range(MeshId mesh_id, std::optional<MeshHostRankId> host_rank = std::nullopt) const;

  // Meshes and switches; get_mesh_ids: meshes only.
  std::vector<MeshId> get_all_mesh_ids() const;
  std::vector<MeshId> get_mesh_ids() const;

  MeshContainer<ChipId> get_chip_ids(MeshId mesh_id, std::optional<MeshHostRankId> host_rank = std::nullopt) const;

  // Switches are meshes here, under their switch id.
  std::vector<SwitchId> get_switch_ids() const;
  std::unordered_set<MeshId> get_meshes_connected_to_switch(SwitchId switch_id) const;
  bool is_mesh_connected_to_switch(MeshId mesh_id, SwitchId switch_id) const;
  std::optional<SwitchId> get_switch_for_mesh(MeshId mesh_id) const;
  bool is_switch_mesh(MeshId mesh_id) const;

  std::optional<MeshHostRankId> get_host_rank_for_chip(MeshId mesh_id, ChipId chip_id) const;

  // Row-major; with host_rank, the coordinate is within that rank's part.
  MeshCoordinate chip_to_coordinate(MeshId mesh_id, ChipId chip_id) const;
  ChipId coordinate_to_chip(MeshId mesh_id, MeshCoordinate coordinate,
                            std::optional<MeshHostRankId> host_rank = std::nullopt) const;

  // root_dir/tt_metal/fabric/mesh_graph_descriptors/<tt-metal's file for the cluster type>.
  static std::filesystem::path get_mesh_graph_descriptor_path_for_cluster_type(
      tt::tt_metal::ClusterType cluster_type, const std::string& root_dir,
      tt::tt_fabric::FabricType fabric_type = tt::tt_fabric::FabricType::MESH);

  const RequestedIntermeshConnections& get_requested_intermesh_connections() const;
  const RequestedIntermeshPorts& get_requested_intermesh_ports() const;

  // Whether the descriptor asks the src-dst mesh connection to use Z ports.
  bool should_assign_z_direction(MeshId src_mesh_id, MeshId dst_mesh_id) const;

  // Per mesh: which chip each edge port (direction, channel) is on.
  const std::vector<std::unordered_map<port_id_t, ChipId, hash_pair>>& get_mesh_edge_ports_to_chip_id() const;

  // Adds the connections' chip-to-chip edges (ports as above).
  void load_intermesh_connections(const AnnotatedIntermeshConnections& intermesh_connections);

  bool is_intra_mesh_policy_relaxed(MeshId mesh_id) const;
  bool is_inter_mesh_policy_relaxed() const;

  const MeshGraphDescriptor& get_mesh_graph_descriptor() const {
    TT_FATAL(mesh_graph_descriptor_.has_value(), "MeshGraphDescriptor not available");
    return mesh_graph_descriptor_.value();
  }
  std::optional<std::filesystem::path> get_mesh_graph_descriptor_path() const { return mesh_graph_desc_file_path_; }

 private:
  MeshGraph() = default;

  void validate_mesh_id(MeshId mesh_id) const;
  std::unordered_map<ChipId, RouterEdge> get_valid_connections(const MeshCoordinate& src_mesh_coord,
                                                               const MeshCoordinateRange& mesh_coord_range,
                                                               FabricType fabric_type) const;
  void initialize_from_mgd(const MeshGraphDescriptor& mgd, std::optional<FabricConfig> fabric_config,
                           bool is_ubb_galaxy);

  void add_to_connectivity(MeshId src_mesh_id, ChipId src_chip_id, MeshId dest_mesh_id, ChipId dest_chip_id,
                           RoutingDirection port_direction);

  ChipSpec chip_spec_{};
  std::map<MeshId, MeshContainer<ChipId>> mesh_to_chip_ids_;
  IntraMeshConnectivity intra_mesh_connectivity_;
  InterMeshConnectivity inter_mesh_connectivity_;

  std::vector<MeshContainer<MeshHostRankId>> mesh_host_ranks_;
  std::unordered_map<std::pair<MeshId, MeshHostRankId>, MeshCoordinateRange, hash_pair> mesh_host_rank_coord_ranges_;

  std::vector<std::unordered_map<port_id_t, ChipId, hash_pair>> mesh_edge_ports_to_chip_id_;
  RequestedIntermeshConnections requested_intermesh_connections_;
  RequestedIntermeshPorts requested_intermesh_ports_;

  std::unordered_map<uint32_t, std::unordered_set<uint32_t>> mesh_pairs_assign_z_direction_;

  std::vector<MeshId> switch_ids_;
  std::map<MeshId, MeshContainer<ChipId>> switch_to_chip_ids_;
  std::unordered_map<MeshId, std::vector<MeshId>> switch_to_connected_meshes_;
  std::unordered_map<MeshId, bool> intra_mesh_relaxed_policy_;
  bool inter_mesh_relaxed_policy_ = false;  // STRICT unless the descriptor says RELAXED

  std::optional<MeshGraphDescriptor> mesh_graph_descriptor_;
  std::optional<std::filesystem::path> mesh_graph_desc_file_path_;
};

}  // namespace tt::tt_fabric
