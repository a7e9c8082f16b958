// The topology solver's graphs of real systems, one per mesh (and switch)
// (topology_solver.hpp): logical ones from a mesh graph or its descriptor,
// physical ones from a system descriptor; a link of n ports or ethernet
// channels is n neighbour entries.
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>
#include <tt-metalium/experimental/fabric/physical_system_descriptor.hpp>
#include <tt-metalium/experimental/fabric/topology_solver.hpp>

namespace tt::tt_fabric {

std::map<MeshId, AdjacencyGraph<FabricNodeId>> build_adjacency_graph_logical(const MeshGraph& mesh_graph) {
  std::map<MeshId, AdjacencyGraph<FabricNodeId>> graphs;
  const auto& connectivity = mesh_graph.get_intra_mesh_connectivity();
  for (const auto& mesh : mesh_graph.get_all_mesh_ids()) {
    AdjacencyGraph<FabricNodeId>::AdjacencyMap adj;
    for (const auto& [coord, chip] : mesh_graph.get_chip_ids(mesh)) {
      auto& neighbours = adj[FabricNodeId(mesh, chip)];
      const auto& edges = connectivity.at(*mesh).at(chip);
      std::map<ChipId, size_t> ports;  // sorted by neighbour, whatever the hash map's order
      for (const auto& [other, edge] : edges) {
        if (other != chip) ports[other] = edge.connected_chip_ids.size();
      }
      for (const auto& [other, count] : ports) neighbours.insert(neighbours.end(), count, FabricNodeId(mesh, other));
    }
    graphs.emplace(mesh, AdjacencyGraph<FabricNodeId>(adj));
  }
  return graphs;
}

std::map<MeshId, AdjacencyGraph<FabricNodeId>> build_adjacency_graph_logical(const MeshGraphDescriptor& mgd) {
  std::map<MeshId, AdjacencyGraph<FabricNodeId>::AdjacencyMap> maps;
  // Every device of every mesh and switch, linked or not.
  for (const auto* group : {&mgd.all_meshes(), &mgd.all_switches()}) {
    for (GlobalNodeId id : *group) {
      const auto& instance = mgd.get_instance(id);
      auto& adj = maps[MeshId(instance.local_id)];
      for (GlobalNodeId device : instance.sub_instances) {
        adj.try_emplace(FabricNodeId(MeshId(instance.local_id), mgd.get_instance(device).local_id));
      }
    }
  }
  // Links between two devices of the same mesh or switch, `count` ports each.
  for (const char* type : {"MESH", "SWITCH"}) {
    if (!mgd.has_connections_of_type(type)) continue;
    for (ConnectionId id : mgd.connections_by_type(type)) {
      const auto& connection = mgd.get_connection(id);
      const auto& src = mgd.get_instance(connection.nodes[0]);
      const auto& dst = mgd.get_instance(connection.nodes[1]);
      if (src.kind != NodeKind::Device || dst.kind != NodeKind::Device || src.hierarchy.empty() ||
          dst.hierarchy.empty() || src.hierarchy.back() != dst.hierarchy.back()) {
        continue;
      }
      const auto& parent = mgd.get_instance(src.hierarchy.back());
      if (parent.kind != NodeKind::Mesh && parent.kind != NodeKind::Switch) continue;
      const MeshId mesh(parent.local_id);
      const FabricNodeId a(mesh, src.local_id), b(mesh, dst.local_id);
      auto it = maps.find(mesh);
      if (a == b || it == maps.end()) continue;
      auto& neighbours = it->second[a];
      neighbours.insert(neighbours.end(), connection.count, b);
    }
  }
  std::map<MeshId, AdjacencyGraph<FabricNodeId>> graphs;
  for (const auto& [mesh, adj] : maps) graphs.emplace(mesh, AdjacencyGraph<FabricNodeId>(adj));
  return graphs;
}

std::map<MeshId, AdjacencyGraph<tt::tt_metal::AsicID>> build_adjacency_graph_physical(
    tt::tt_metal::ClusterType,
    const tt::tt_metal::PhysicalSystemDescriptor& physical_system_descriptor,
    const std::map<MeshId, std::map<tt::tt_metal::AsicID, MeshHostRankId>>& asic_id_to_mesh_rank) {
  std::map<MeshId, AdjacencyGraph<tt::tt_metal::AsicID>> graphs;
  for (const auto& [mesh, asics] : asic_id_to_mesh_rank) {
    AdjacencyGraph<tt::tt_metal::AsicID>::AdjacencyMap adj;
    for (const auto& [asic, rank] : asics) {
      auto& neighbours = adj[asic];
      // One entry per link, to the ASICs of the same mesh only.
      for (const auto& other : physical_system_descriptor.get_asic_neighbors(asic)) {
        if (!asics.count(other)) continue;
        const size_t links = physical_system_descriptor.get_eth_connections(asic, other).size();
        neighbours.insert(neighbours.end(), links, other);
      }
    }
    graphs.emplace(mesh, AdjacencyGraph<tt::tt_metal::AsicID>(adj));
  }
  return graphs;
}

}  // namespace tt::tt_fabric
