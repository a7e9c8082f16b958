// The topology solver's graphs of real systems: chips linked by ethernet, one
// graph per mesh (topology_solver.hpp).
#include <tt-metalium/experimental/fabric/physical_system_descriptor.hpp>
#include <tt-metalium/experimental/fabric/topology_solver.hpp>

namespace tt::tt_fabric {

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
