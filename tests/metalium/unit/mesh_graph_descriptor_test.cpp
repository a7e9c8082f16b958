// Mesh graph descriptors (MGD textprotos): a two-mesh descriptor written to a
// file, its instance tree, generated connections and MeshGraph view checked
// against counts worked out by hand; a ring's order; malformed descriptors
// refused with the messages tt-metal gives.
#include <gtest/gtest.h>

#include "what_of.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>

#include "metalium/mesh_graph_shape.h"

namespace {

using namespace tt::tt_fabric;

// Two 2x2 Wormhole meshes; device 3 of mesh 0 linked to device 0 of mesh 1
// both ways, over Z ports.
constexpr const char* kTwoMeshes = R"pb(
  mesh_descriptors {
    name: "M0"
    arch: WORMHOLE_B0
    device_topology { dims: [ 2, 2 ] }
    host_topology { dims: [ 1, 1 ] }
    channels { count: 2 }
  }
  graph_descriptors {
    name: "G0"
    type: "FABRIC"
    instances { mesh { mesh_descriptor: "M0" mesh_id: 0 } }
    instances { mesh { mesh_descriptor: "M0" mesh_id: 1 } }
    connections {
      nodes { mesh { mesh_descriptor: "M0" mesh_id: 0 device_id: 3 } }
      nodes { mesh { mesh_descriptor: "M0" mesh_id: 1 device_id: 0 } }
      channels { count: 1 }
      assign_z_direction: true
    }
  }
  top_level_instance { graph { graph_descriptor: "G0" graph_id: 0 } }
)pb";

// The text in a file of its own under the temp folder, removed at the end.
class DescriptorFile {
 public:
  explicit DescriptorFile(const std::string& text)
      : path_(std::filesystem::temp_directory_path() /
              ("zyxtt_mgd_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++) + ".textproto")) {
    std::ofstream(path_) << text;
  }
  ~DescriptorFile() { std::filesystem::remove(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

// Local ids of the instances, as a set.
std::set<LocalNodeId> local_ids(const MeshGraphDescriptor& desc, const std::vector<GlobalNodeId>& ids) {
  std::set<LocalNodeId> out;
  for (GlobalNodeId id : ids) out.insert(desc.get_instance(id).local_id);
  return out;
}

TEST(MeshGraphDescriptor, FileGivesTheTreeAndItsConnections) {
  DescriptorFile file(kTwoMeshes);
  const MeshGraphDescriptor desc(file.path());

  ASSERT_EQ(desc.all_graphs().size(), 1u);
  ASSERT_EQ(desc.all_meshes().size(), 2u);
  EXPECT_TRUE(desc.all_switches().empty());
  const auto& graph = desc.top_level();
  EXPECT_EQ(graph.name, "G0");
  EXPECT_EQ(graph.type, "FABRIC");
  EXPECT_EQ(local_ids(desc, desc.all_meshes()), (std::set<LocalNodeId>{0, 1}));
  EXPECT_EQ(desc.instances_by_type("DEVICE").size(), 8u);
  EXPECT_EQ(desc.get_chip_count(desc.all_meshes()[0]), 4u);

  const GlobalNodeId mesh1 = graph.sub_instances_local_id_to_global_id.at(1);
  const auto& device = desc.get_instance(desc.get_instance(mesh1).sub_instances_local_id_to_global_id.at(2));
  EXPECT_EQ(device.name, "D2");
  EXPECT_EQ(device.hierarchy, (std::vector<GlobalNodeId>{graph.global_id, mesh1}));

  // A 2x2 line grid: each device has 2 neighbours, so 8 directed links a mesh.
  EXPECT_EQ(desc.connections_by_type("MESH").size(), 16u);
  EXPECT_EQ(desc.connections_by_instance_id(mesh1).size(), 8u);

  // The undirected device link: once from each end.
  const auto& fabric = desc.connections_by_type("FABRIC");
  ASSERT_EQ(fabric.size(), 2u);
  std::set<std::pair<LocalNodeId, LocalNodeId>> ends;
  for (ConnectionId id : fabric) {
    const auto& c = desc.get_connection(id);
    ASSERT_EQ(c.nodes.size(), 2u);
    EXPECT_EQ(c.count, 1u);
    EXPECT_EQ(static_cast<int>(c.policy), 1);  // STRICT, the default between meshes
    EXPECT_TRUE(c.assign_z_direction);
    EXPECT_EQ(c.parent_instance_id, graph.global_id);
    ends.emplace(desc.get_instance(c.nodes[0]).local_id, desc.get_instance(c.nodes[1]).local_id);
  }
  EXPECT_EQ(ends, (std::set<std::pair<LocalNodeId, LocalNodeId>>{{3, 0}, {0, 3}}));
}

TEST(MeshGraphDescriptor, MeshGraphReadsTheSameFile) {
  DescriptorFile file(kTwoMeshes);
  const MeshGraph graph(tt::tt_metal::ClusterType::T3K, file.path().string());

  EXPECT_EQ(graph.get_mesh_ids(), (std::vector<MeshId>{MeshId{0}, MeshId{1}}));
  EXPECT_EQ(graph.get_mesh_shape(MeshId{1}), MeshShape(2, 2));
  EXPECT_EQ(graph.get_chip_spec().num_eth_ports_per_direction, 2u);
  EXPECT_EQ(graph.coordinate_to_chip(MeshId{0}, MeshCoordinate(1, 0)), 2);
  EXPECT_TRUE(graph.should_assign_z_direction(MeshId{1}, MeshId{0}));
  EXPECT_FALSE(graph.should_assign_z_direction(MeshId{0}, MeshId{0}));

  const auto& ports = graph.get_requested_intermesh_ports();
  ASSERT_EQ(ports.at(0).at(1).size(), 1u);
  EXPECT_EQ(ports.at(0).at(1)[0], std::make_tuple(3u, 0u, 1u));
  EXPECT_EQ(ports.at(1).at(0)[0], std::make_tuple(0u, 3u, 1u));

  // Chip 1 (row 0, column 1): W to chip 0 and S to chip 3, two ports each.
  const auto& edges = graph.get_intra_mesh_connectivity().at(0).at(1);
  ASSERT_EQ(edges.size(), 2u);
  EXPECT_EQ(edges.at(0).port_direction, RoutingDirection::W);
  EXPECT_EQ(edges.at(3).port_direction, RoutingDirection::S);
  EXPECT_EQ(edges.at(3).connected_chip_ids, (decltype(edges.at(3).connected_chip_ids){3, 3}));
  graph.print_connectivity();  // logged at debug level: it only has to run
}

TEST(MeshGraphDescriptor, RingFollowsTheListedOrderAndTorusDimsWrap) {
  const MeshGraphDescriptor desc(std::string(R"pb(
    mesh_descriptors {
      name: "M"
      arch: BLACKHOLE
      device_topology { dims: [ 1, 3 ] dim_types: [ LINE, RING ] }
      host_topology { dims: [ 1, 1 ] }
      channels { count: 1 }
    }
    graph_descriptors {
      name: "P"
      type: "POD"
      instances { mesh { mesh_descriptor: "M" mesh_id: 0 } }
      instances { mesh { mesh_descriptor: "M" mesh_id: 2 } }
      instances { mesh { mesh_descriptor: "M" mesh_id: 1 } }
      instances { mesh { mesh_descriptor: "M" mesh_id: 3 } }
      graph_topology { layout_type: RING channels { count: 2 } }
    }
    top_level_instance { graph { graph_descriptor: "P" graph_id: 0 } }
  )pb"));
  const auto& pod = desc.top_level();
  // Ring 0 - 2 - 1 - 3 - 0: mesh 0 reaches 2 and 3, never 1.
  std::vector<GlobalNodeId> reached;
  for (ConnectionId id : desc.connections_by_source_device_id(pod.sub_instances_local_id_to_global_id.at(0))) {
    reached.push_back(desc.get_connection(id).nodes[1]);
  }
  EXPECT_EQ(local_ids(desc, reached), (std::set<LocalNodeId>{2, 3}));
  EXPECT_EQ(desc.connections_by_instance_id(pod.global_id).size(), 8u);

  // 1x3 with the columns a ring: D0's west neighbour is D2.
  const auto& mesh = desc.get_instance(pod.sub_instances_local_id_to_global_id.at(1));
  std::vector<GlobalNodeId> neighbours;
  for (ConnectionId id : desc.connections_by_source_device_id(mesh.sub_instances_local_id_to_global_id.at(0))) {
    neighbours.push_back(desc.get_connection(id).nodes[1]);
  }
  EXPECT_EQ(local_ids(desc, neighbours), (std::set<LocalNodeId>{1, 2}));
}

TEST(MeshGraphDescriptor, SwitchOnlyDescriptorAnswersFromItsSwitch) {
  const MeshGraphDescriptor desc(std::string(R"pb(
    switch_descriptors {
      name: "SW0"
      arch: BLACKHOLE
      device_topology { dims: [ 2, 4 ] }
      channels { count: 3 }
    }
    top_level_instance { switch { switch_descriptor: "SW0" switch_id: 7 } }
  )pb"));
  ASSERT_EQ(desc.all_switches().size(), 1u);
  const auto& sw = desc.top_level();
  EXPECT_TRUE(desc.is_switch(sw));
  EXPECT_EQ(sw.local_id, 7u);
  EXPECT_EQ(desc.get_switch_chip_count(sw), 8u);
  EXPECT_EQ(static_cast<int>(desc.get_arch()), 2);  // BLACKHOLE
  EXPECT_EQ(desc.get_num_eth_ports_per_direction(), 3u);
  // 2x4 line grid: 2 rows of 3 links and 4 columns of 1, each both ways.
  EXPECT_EQ(desc.connections_by_type("SWITCH").size(), 20u);
}

TEST(MeshGraphDescriptor, MalformedDescriptorsAreRefused) {
  // Not textproto at all.
  EXPECT_NE(what_of([] { MeshGraphDescriptor(std::string("mesh_descriptors { name: ")); })
                .find("Failed to parse MeshGraphDescriptor textproto"),
            std::string::npos);

  // Every static error is reported, after the common heading.
  const std::string invalid = what_of([] {
    MeshGraphDescriptor(std::string(R"pb(
      mesh_descriptors {
        name: "M0"
        arch: WORMHOLE_B0
        device_topology { dims: [ 2, 2 ] }
        host_topology { dims: [ 1, 1 ] }
        channels { count: 1 }
        express_connections { src: 0 dst: 4 }
      }
      graph_descriptors { name: "G0" instances { mesh { mesh_descriptor: "M0" mesh_id: 0 } } }
      top_level_instance { graph { graph_descriptor: "G0" graph_id: 0 } }
    )pb"));
  });
  EXPECT_NE(invalid.find("Failed to validate MeshGraphDescriptor textproto"), std::string::npos) << invalid;
  EXPECT_NE(invalid.find("Graph descriptor must have a type specified (Graph: G0)"), std::string::npos) << invalid;
  EXPECT_NE(invalid.find("Express connection destination is out of bounds (Mesh: M0)"), std::string::npos) << invalid;
  EXPECT_EQ(invalid.find("source is out of bounds"), std::string::npos) << invalid;

  // A connection to a mesh the graph does not hold.
  const std::string dangling = what_of([] {
    MeshGraphDescriptor(std::string(R"pb(
      mesh_descriptors {
        name: "M0"
        arch: WORMHOLE_B0
        device_topology { dims: [ 1, 2 ] }
        host_topology { dims: [ 1, 1 ] }
        channels { count: 1 }
      }
      graph_descriptors {
        name: "G0"
        type: "FABRIC"
        instances { mesh { mesh_descriptor: "M0" mesh_id: 0 } }
        connections {
          nodes { mesh { mesh_descriptor: "M0" mesh_id: 0 } }
          nodes { mesh { mesh_descriptor: "M0" mesh_id: 5 } }
          channels { count: 1 }
        }
      }
      top_level_instance { graph { graph_descriptor: "G0" graph_id: 0 } }
    )pb"));
  });
  EXPECT_NE(dangling.find("Mesh instance id 5 not found in parent instance"), std::string::npos) << dangling;

  EXPECT_NE(what_of([] { MeshGraphDescriptor(std::filesystem::path("/nonexistent/x.textproto")); })
                .find("Failed to open file: /nonexistent/x.textproto"),
            std::string::npos);
}

// The emulated cluster's mesh (rank bindings) comes from the same parser:
// the first mesh's dims, none without a 2-D mesh, and a clear error for a
// file that is missing or not a textproto.
TEST(MeshGraphShape, TheFirstMeshsDimsAreTheClustersShape) {
  using zyxtt::cluster::MeshShape;
  using zyxtt::metalium::mesh_graph_shape;
  const DescriptorFile two_meshes(kTwoMeshes);
  EXPECT_EQ(mesh_graph_shape(two_meshes.path()), (MeshShape{2, 2}));
  const DescriptorFile line("mesh_descriptors {\n  device_topology { dims: [ 1, 8 ] }\n}\n");
  EXPECT_EQ(mesh_graph_shape(line.path()), (MeshShape{1, 8}));
  const DescriptorFile none("top_level_instance {}\n");
  EXPECT_EQ(mesh_graph_shape(none.path()), std::nullopt);
  const DescriptorFile three_d("mesh_descriptors {\n  device_topology { dims: [ 2, 2, 2 ] }\n}\n");
  EXPECT_EQ(mesh_graph_shape(three_d.path()), std::nullopt);
  const DescriptorFile garbage("mesh_descriptors { device_topology { dims: [ 2, ");
  const std::string unparsed = what_of([&] { mesh_graph_shape(garbage.path()); });
  EXPECT_NE(unparsed.find(garbage.path().string() + ": not a mesh graph descriptor"), std::string::npos) << unparsed;
  const std::string missing = what_of([] { mesh_graph_shape("/nonexistent/graph.textproto"); });
  EXPECT_NE(missing.find("/nonexistent/graph.textproto: cannot be read"), std::string::npos) << missing;
}

}  // namespace
