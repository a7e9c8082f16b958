// MeshGraph built from a mesh graph descriptor, with tt-metal's semantics: meshes
// and switches (numbered by their instance ids) become chip grids with N/E/S/W
// edges (torus dims wrap), the top graph's FABRIC connections become the
// requested inter-mesh connections, and host ranks split a mesh row-major by
// its host_topology.
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>

#include <algorithm>
#include <numeric>

#include <tt-metalium/cluster.hpp>
#include <tt_metal/llrt/tt_cluster.hpp>
#include <tt-logger/tt-logger.hpp>
#include <tt_stl/fmt.hpp>

#include "metalium/proto/mesh_graph_descriptor.pb.h"

std::size_t std::hash<tt::tt_fabric::port_id_t>::operator()(const tt::tt_fabric::port_id_t& p) const {
  return tt::tt_fabric::hash_pair{}(std::pair{static_cast<int>(p.first), p.second});
}

namespace tt::tt_fabric {
namespace {

// The fabric type a config asks for (tt-metal's rule: a 1D ring is a 2D
// torus on a UBB galaxy, whose 1D rings run over its wrap links).
FabricType requested_fabric_type(FabricConfig config, bool is_ubb_galaxy) {
  switch (config) {
    case FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE:
    case FabricConfig::FABRIC_1D_RING: return is_ubb_galaxy ? FabricType::TORUS_XY : FabricType::MESH;
    case FabricConfig::FABRIC_2D_TORUS_X: return FabricType::TORUS_X;
    case FabricConfig::FABRIC_2D_TORUS_Y: return FabricType::TORUS_Y;
    case FabricConfig::FABRIC_2D_TORUS_XY: return FabricType::TORUS_XY;
    default: return FabricType::MESH;
  }
}

// Whether the requested wrap links exceed what the descriptor has (in a
// dimension of 2, wrapping reaches the same neighbour as a line does).
bool widens(FabricType requested, FabricType available, const MeshShape& shape) {
  for (auto [flag, dim] : {std::pair{FabricType::TORUS_Y, 0}, std::pair{FabricType::TORUS_X, 1}}) {
    if (has_flag(requested, flag) && !has_flag(available, flag) && shape[dim] != 2) return true;
  }
  return false;
}

FabricType fabric_type_of(const proto::TorusTopology& topology) {
  const auto& types = topology.dim_types();
  FabricType type = FabricType::MESH;
  if (types.size() >= 2 && types[0] == proto::TorusTopology::RING) type = FabricType::TORUS_Y;
  if (types.size() >= 2 && types[1] == proto::TorusTopology::RING) {
    type = type == FabricType::TORUS_Y ? FabricType::TORUS_XY : FabricType::TORUS_X;
  }
  return type;
}

}  // namespace

MeshGraph::MeshGraph(tt::tt_metal::ClusterType cluster_type, const std::string& mesh_graph_desc_file_path,
                     std::optional<FabricConfig> fabric_config) {
  TT_FATAL(mesh_graph_desc_file_path.ends_with(".textproto"),
           "Mesh graph descriptor file must use the .textproto format. The YAML format (MGD 1.0) has been "
           "deprecated.\n\nFile provided: {}",
           mesh_graph_desc_file_path);
  mesh_graph_desc_file_path_ = std::filesystem::path(mesh_graph_desc_file_path);
  mesh_graph_descriptor_.emplace(*mesh_graph_desc_file_path_, true);
  const bool ubb_galaxy = cluster_type == tt::tt_metal::ClusterType::BLACKHOLE_GALAXY ||
                          cluster_type == tt::tt_metal::ClusterType::GALAXY;
  initialize_from_mgd(*mesh_graph_descriptor_, fabric_config, ubb_galaxy);
}

MeshGraph::MeshGraph(const tt::Cluster& cluster, const std::string& mesh_graph_desc_file_path,
                     std::optional<FabricConfig> fabric_config)
    : MeshGraph(cluster.get_cluster_type(), mesh_graph_desc_file_path, fabric_config) {}

void MeshGraph::initialize_from_mgd(const MeshGraphDescriptor& mgd, std::optional<FabricConfig> fabric_config,
                                    bool is_ubb_galaxy) {
  const uint32_t channels = mgd.get_num_eth_ports_per_direction();
  chip_spec_ = ChipSpec{.arch = mgd.get_arch() == proto::BLACKHOLE ? tt::ARCH::BLACKHOLE : tt::ARCH::WORMHOLE_B0,
                        .num_eth_ports_per_direction = channels,
                        .num_z_ports = channels};

  const size_t grid_count = mgd.all_meshes().size() + mgd.all_switches().size();
  intra_mesh_connectivity_.resize(grid_count);
  inter_mesh_connectivity_.resize(grid_count);
  mesh_host_ranks_.assign(grid_count, MeshContainer<MeshHostRankId>(MeshShape{1, 1}, MeshHostRankId{0}));
  mesh_edge_ports_to_chip_id_.resize(grid_count);

  // Connections of the FABRIC graph: between meshes, or between two meshes' devices.
  for (ConnectionId id : mgd.connections_by_type("FABRIC")) {
    const auto& connection = mgd.get_connection(id);
    const auto& src = mgd.get_instance(connection.nodes[0]);
    const auto& dst = mgd.get_instance(connection.nodes[1]);
    const bool devices = src.kind == NodeKind::Device && dst.kind == NodeKind::Device;
    const auto& src_grid = devices ? mgd.get_instance(src.hierarchy.back()) : src;
    const auto& dst_grid = devices ? mgd.get_instance(dst.hierarchy.back()) : dst;
    const MeshId src_mesh{src_grid.local_id};
    const MeshId dst_mesh{dst_grid.local_id};
    if (devices) {
      requested_intermesh_ports_[*src_mesh][*dst_mesh].emplace_back(src.local_id, dst.local_id, connection.count);
    } else {
      requested_intermesh_connections_[*src_mesh][*dst_mesh] = connection.count;
    }
    if (connection.assign_z_direction) {
      mesh_pairs_assign_z_direction_[*src_mesh].insert(*dst_mesh);
      mesh_pairs_assign_z_direction_[*dst_mesh].insert(*src_mesh);
    }
    if (src_grid.kind == NodeKind::Switch && dst_grid.kind == NodeKind::Mesh) {
      switch_to_connected_meshes_[src_mesh].push_back(dst_mesh);
    }
    if (dst_grid.kind == NodeKind::Switch && src_grid.kind == NodeKind::Mesh) {
      switch_to_connected_meshes_[dst_mesh].push_back(src_mesh);
    }
  }

  // Inter-mesh policy: the first FABRIC connection's, else the top graph topology's.
  const auto& fabric = mgd.connections_by_type("FABRIC");
  if (!fabric.empty()) {
    inter_mesh_relaxed_policy_ = mgd.get_connection(fabric[0]).policy == proto::RELAXED;
  } else if (mgd.top_level().kind == NodeKind::Graph) {
    const auto* graph = std::get<const proto::GraphDescriptor*>(mgd.top_level().desc);
    if (graph->has_graph_topology() && graph->graph_topology().has_channels()) {
      inter_mesh_relaxed_policy_ = graph->graph_topology().channels().policy() == proto::RELAXED;
    }
  }

  // Each mesh, then each switch: a grid of chips.
  std::vector<GlobalNodeId> grids = mgd.all_meshes();
  grids.insert(grids.end(), mgd.all_switches().begin(), mgd.all_switches().end());
  for (GlobalNodeId grid_id : grids) {
    const auto& instance = mgd.get_instance(grid_id);
    const bool is_switch = instance.kind == NodeKind::Switch;
    const proto::TorusTopology& topology =
        is_switch ? std::get<const proto::SwitchDescriptor*>(instance.desc)->device_topology()
                  : std::get<const proto::MeshDescriptor*>(instance.desc)->device_topology();
    const proto::Channels& grid_channels = is_switch ? std::get<const proto::SwitchDescriptor*>(instance.desc)->channels()
                                                     : std::get<const proto::MeshDescriptor*>(instance.desc)->channels();
    const MeshId mesh_id{instance.local_id};
    TT_FATAL(*mesh_id < grid_count, "MeshGraph: mesh id {} is not below the number of meshes and switches ({})",
             *mesh_id, grid_count);
    intra_mesh_relaxed_policy_[mesh_id] = grid_channels.policy() == proto::RELAXED;

    const MeshShape shape(topology.dims(0), topology.dims(1));
    if (!is_switch && mgd.get_arch() == proto::WORMHOLE_B0 && shape[0] % 2 && shape[1] % 2) {
      TT_FATAL(shape[0] == 1 && shape[1] == 1,
               "MeshGraph: For WORMHOLE_B0 architecture, if both mesh dimensions are odd, they must both be 1, got "
               "{}x{}",
               shape[0], shape[1]);
    }
    const FabricType available = fabric_type_of(topology);
    FabricType effective = available;
    if (fabric_config) {
      effective = requested_fabric_type(*fabric_config, is_ubb_galaxy);
      TT_FATAL(!widens(effective, available, shape),
               "FabricConfig requests more connectivity than the mesh graph descriptor provides (Mesh {}): "
               "FabricConfig can only restrict topology (e.g., torus to mesh), not create new connections.",
               *mesh_id);
    }

    const MeshCoordinateRange range(shape);
    intra_mesh_connectivity_[*mesh_id].resize(shape.mesh_size());
    inter_mesh_connectivity_[*mesh_id].resize(shape.mesh_size());
    for (const auto& coord : range) {
      intra_mesh_connectivity_[*mesh_id][coord[0] * shape[1] + coord[1]] =
          get_valid_connections(coord, range, effective);
    }

    // Host ranks, row-major over host_topology, each owning a block of chips.
    const MeshShape hosts = is_switch ? MeshShape(1, 1)
                                      : MeshShape(std::get<const proto::MeshDescriptor*>(instance.desc)->host_topology().dims(0),
                                                  std::get<const proto::MeshDescriptor*>(instance.desc)->host_topology().dims(1));
    TT_FATAL(shape[0] % hosts[0] == 0 && shape[1] % hosts[1] == 0,
             "MeshGraph: Mesh shape {}x{} must be divisible by host shape {}x{}", shape[0], shape[1], hosts[0],
             hosts[1]);
    const uint32_t block_rows = shape[0] / hosts[0];
    const uint32_t block_cols = shape[1] / hosts[1];
    std::vector<MeshHostRankId> ranks;
    for (const auto& host : MeshCoordinateRange(hosts)) {
      ranks.emplace_back(static_cast<uint32_t>(ranks.size()));
      mesh_host_rank_coord_ranges_.emplace(
          std::pair{mesh_id, ranks.back()},
          MeshCoordinateRange(MeshCoordinate(host[0] * block_rows, host[1] * block_cols),
                              MeshCoordinate((host[0] + 1) * block_rows - 1, (host[1] + 1) * block_cols - 1)));
    }
    mesh_host_ranks_[*mesh_id] = MeshContainer<MeshHostRankId>(hosts, ranks);

    std::vector<ChipId> chips(shape.mesh_size());
    std::iota(chips.begin(), chips.end(), 0);
    mesh_to_chip_ids_.emplace(mesh_id, MeshContainer<ChipId>(shape, chips));
    if (is_switch) {
      switch_to_chip_ids_.emplace(mesh_id, MeshContainer<ChipId>(shape, chips));
      switch_ids_.push_back(mesh_id);
    }

    // Edge ports: each boundary side's chips in order, a run of channels each
    // (no N/S or E/W edge where the grid wraps), and Z ports on every chip.
    auto& ports = mesh_edge_ports_to_chip_id_[*mesh_id];
    auto add_side = [&](RoutingDirection direction, uint32_t first, uint32_t step, uint32_t count,
                        uint32_t per_chip) {
      uint32_t channel = 0;
      for (uint32_t i = 0; i < count; ++i) {
        for (uint32_t c = 0; c < per_chip; ++c) ports[{direction, channel++}] = static_cast<ChipId>(first + i * step);
      }
    };
    const uint32_t rows = shape[0];
    const uint32_t cols = shape[1];
    if (!has_flag(effective, FabricType::TORUS_Y)) {
      add_side(RoutingDirection::N, 0, 1, cols, channels);
      add_side(RoutingDirection::S, (rows - 1) * cols, 1, cols, channels);
    }
    if (!has_flag(effective, FabricType::TORUS_X)) {
      add_side(RoutingDirection::E, cols - 1, cols, rows, channels);
      add_side(RoutingDirection::W, 0, cols, rows, channels);
    }
    if (chip_spec_.num_z_ports > 0) add_side(RoutingDirection::Z, 0, 1, rows * cols, chip_spec_.num_z_ports);
  }
}

std::unordered_map<ChipId, RouterEdge> MeshGraph::get_valid_connections(const MeshCoordinate& src,
                                                                        const MeshCoordinateRange& range,
                                                                        FabricType fabric_type) const {
  const MeshShape shape = range.shape();
  const int rows = static_cast<int>(shape[0]);
  const int cols = static_cast<int>(shape[1]);
  const bool wrap_rows = has_flag(fabric_type, FabricType::TORUS_Y) && rows > 1;
  const bool wrap_cols = has_flag(fabric_type, FabricType::TORUS_X) && cols > 1;
  std::unordered_map<ChipId, RouterEdge> edges;
  struct Step {
    int dr, dc;
    RoutingDirection direction;
  };
  for (const Step& step : {Step{-1, 0, RoutingDirection::N}, Step{0, 1, RoutingDirection::E},
                           Step{1, 0, RoutingDirection::S}, Step{0, -1, RoutingDirection::W}}) {
    int r = static_cast<int>(src[0]) + step.dr;
    int c = static_cast<int>(src[1]) + step.dc;
    if (wrap_rows) r = (r + rows) % rows;
    if (wrap_cols) c = (c + cols) % cols;
    if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
    const ChipId chip = r * cols + c;
    // A neighbour reached two ways (a wrap in a dimension of 2) keeps the first.
    edges.emplace(chip, RouterEdge{.port_direction = step.direction,
                                   .connected_chip_ids = std::vector<ChipId>(chip_spec_.num_eth_ports_per_direction, chip),
                                   .weight = 0});
  }
  return edges;
}

void MeshGraph::add_to_connectivity(MeshId src_mesh_id, ChipId src_chip_id, MeshId dest_mesh_id, ChipId dest_chip_id,
                                    RoutingDirection port_direction) {
  TT_FATAL(*src_mesh_id < intra_mesh_connectivity_.size() && *dest_mesh_id < intra_mesh_connectivity_.size(),
           "MeshGraph: Invalid mesh id {} or {}", *src_mesh_id, *dest_mesh_id);
  auto add = [&](auto& edges, auto key) {
    auto [it, inserted] = edges.try_emplace(
        key, RouterEdge{.port_direction = port_direction, .connected_chip_ids = {dest_chip_id}, .weight = 0});
    if (!inserted) it->second.connected_chip_ids.push_back(dest_chip_id);
  };
  if (src_mesh_id != dest_mesh_id) {
    add(inter_mesh_connectivity_.at(*src_mesh_id).at(src_chip_id), dest_mesh_id);
  } else {
    add(intra_mesh_connectivity_.at(*src_mesh_id).at(src_chip_id), dest_chip_id);
  }
}

void MeshGraph::load_intermesh_connections(const AnnotatedIntermeshConnections& intermesh_connections) {
  for (const auto& [src, dst, cable_hash] : intermesh_connections) {
    const ChipId src_chip = mesh_edge_ports_to_chip_id_.at(src.first).at(src.second);
    const ChipId dst_chip = mesh_edge_ports_to_chip_id_.at(dst.first).at(dst.second);
    add_to_connectivity(MeshId{src.first}, src_chip, MeshId{dst.first}, dst_chip, src.second.first);
  }
}

void MeshGraph::print_connectivity() const {
  static constexpr const char* kDirections[] = {"N", "E", "S", "W", "Z", "C", "NONE"};
  std::string text = "Mesh Graph: intra-mesh connectivity (chip(direction, weight)):\n";
  auto edges_text = [&](const RouterEdge& edge, const std::string& prefix) {
    std::string out;
    for (ChipId chip : edge.connected_chip_ids) {
      out += fmt::format("{}{}({}, {}) ", prefix, chip, kDirections[static_cast<int>(edge.port_direction)], edge.weight);
    }
    return out;
  };
  for (size_t mesh = 0; mesh < intra_mesh_connectivity_.size(); ++mesh) {
    text += fmt::format("M{}:\n", mesh);
    for (size_t chip = 0; chip < intra_mesh_connectivity_[mesh].size(); ++chip) {
      text += fmt::format("   D{}: ", chip);
      for (const auto& [_, edge] : intra_mesh_connectivity_[mesh][chip]) text += edges_text(edge, "");
      text += "\n";
    }
  }
  text += "Mesh Graph: inter-mesh connectivity:\n";
  for (size_t mesh = 0; mesh < inter_mesh_connectivity_.size(); ++mesh) {
    text += fmt::format("M{}:\n", mesh);
    for (size_t chip = 0; chip < inter_mesh_connectivity_[mesh].size(); ++chip) {
      text += fmt::format("   D{}: ", chip);
      for (const auto& [other, edge] : inter_mesh_connectivity_[mesh][chip]) {
        text += edges_text(edge, fmt::format("M{}D", *other));
      }
      text += "\n";
    }
  }
  log_debug(tt::LogFabric, "{}", text);
}

}  // namespace tt::tt_fabric
