// The solver's logical graphs of a mesh graph descriptor: every chip of the
// mesh, linked to its row and column neighbours once per channel.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <tt-metalium/cluster.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>
#include <tt-metalium/experimental/fabric/topology_solver.hpp>

namespace {

using namespace tt::tt_fabric;

// One 2 x 3 mesh, two channels per link: chips 0 1 2 / 3 4 5.
const char* kMesh = R"pb(
mesh_descriptors {
  name: "M0"
  arch: BLACKHOLE
  device_topology { dims: [ 2, 3 ] }
  host_topology   { dims: [ 1, 1 ] }
  channels { count: 2 policy: STRICT }
}
top_level_instance { mesh { mesh_descriptor: "M0" mesh_id: 0 } }
)pb";

std::vector<uint32_t> chips_of(const std::vector<FabricNodeId>& nodes) {
  std::vector<uint32_t> out;
  for (const auto& n : nodes) out.push_back(n.chip_id);
  std::sort(out.begin(), out.end());
  return out;
}

void expect_2x3_mesh(const std::map<MeshId, AdjacencyGraph<FabricNodeId>>& graphs) {
  ASSERT_EQ(graphs.size(), 1u);
  const auto& g = graphs.at(MeshId{0});
  ASSERT_EQ(g.get_nodes().size(), 6u);
  const MeshId m{0};
  EXPECT_EQ(chips_of(g.get_neighbors(FabricNodeId(m, 0))), (std::vector<uint32_t>{1, 1, 3, 3}));
  EXPECT_EQ(chips_of(g.get_neighbors(FabricNodeId(m, 1))), (std::vector<uint32_t>{0, 0, 2, 2, 4, 4}));
  EXPECT_EQ(chips_of(g.get_neighbors(FabricNodeId(m, 5))), (std::vector<uint32_t>{2, 2, 4, 4}));
}

TEST(TopologyGraphs, LogicalGraphOfADescriptor) {
  expect_2x3_mesh(build_adjacency_graph_logical(MeshGraphDescriptor(std::string(kMesh))));
}

TEST(TopologyGraphs, LogicalGraphOfAMeshGraphMatchesItsDescriptors) {
  const auto path = std::filesystem::temp_directory_path() / ("mgd_" + std::to_string(::getpid()) + ".textproto");
  std::ofstream(path) << kMesh;
  const MeshGraph mesh_graph(tt::tt_metal::ClusterType::P150_X8, path.string());
  std::filesystem::remove(path);
  expect_2x3_mesh(build_adjacency_graph_logical(mesh_graph));
}

TEST(TopologyGraphs, A2x3MeshMapsOntoChipsLinkedTheSameWay) {
  // The logical graph onto a copy keyed by chip number: found, STRICT on channels.
  const auto graphs = build_adjacency_graph_logical(MeshGraphDescriptor(std::string(kMesh)));
  const auto& logical = graphs.at(MeshId{0});
  AdjacencyGraph<uint32_t>::AdjacencyMap chips;
  for (const auto& node : logical.get_nodes()) {
    for (const auto& n : logical.get_neighbors(node)) chips[node.chip_id].push_back(n.chip_id);
  }
  const auto r = solve_topology_mapping(logical, AdjacencyGraph<uint32_t>(chips),
                                        MappingConstraints<FabricNodeId, uint32_t>{}, ConnectionValidationMode::STRICT,
                                        true);
  EXPECT_TRUE(r.success) << r.error_message;
  EXPECT_EQ(r.target_to_global.size(), 6u);
  EXPECT_TRUE(r.warnings.empty());
}

}  // namespace
