// A physical system descriptor read from text format, and the solver's
// per-mesh graphs of its ASICs: one neighbour entry per ethernet link.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>
#include <tt-metalium/cluster.hpp>
#include <tt-metalium/experimental/fabric/physical_system_descriptor.hpp>
#include <tt-metalium/experimental/fabric/topology_solver.hpp>
#include <tt-metalium/experimental/mock_device/mock_device.hpp>

namespace {

using tt::tt_metal::AsicID;

// ASIC 7 has 3 links to 8 and 1 to 9; 8 and 9 list theirs back.
const char* kDescriptor = R"(# three ASICs
target_device_type: 0
system_graph {
  asic_connectivity_graph {
    host_name: "h"
    asic_topologies { asic_id: 7 topology {
      asic_connections { dst_asic_id: 8
        eth_connections { src_chan: 0 dst_chan: 4 is_local: true }
        eth_connections { src_chan: 1 dst_chan: 5 is_local: true }
        eth_connections { src_chan: 2 dst_chan: 6 is_local: false } }
      asic_connections { dst_asic_id: 9 eth_connections { src_chan: 3 dst_chan: 0 } } } }
    asic_topologies { asic_id: 8 topology { asic_connections { dst_asic_id: 7
        eth_connections { src_chan: 4 dst_chan: 0 } eth_connections { src_chan: 5 dst_chan: 1 }
        eth_connections { src_chan: 6 dst_chan: 2 } } } }
    asic_topologies { asic_id: 9 topology { asic_connections { dst_asic_id: 7
        eth_connections { src_chan: 0 dst_chan: 3 } } } }
  }
}
)";

class PhysicalSystemDescriptorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() / ("psd_test_" + std::to_string(::getpid()) + ".textproto");
    std::ofstream(path_) << kDescriptor;
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::filesystem::path path_;
};

TEST_F(PhysicalSystemDescriptorTest, ReadsNeighboursAndLinks) {
  tt::tt_metal::PhysicalSystemDescriptor psd(path_.string());
  EXPECT_EQ(psd.get_asic_neighbors(AsicID{7}), (std::vector<AsicID>{AsicID{8}, AsicID{9}}));
  const auto links = psd.get_eth_connections(AsicID{7}, AsicID{8});
  ASSERT_EQ(links.size(), 3u);
  EXPECT_EQ(links[1].src_chan, 1);
  EXPECT_EQ(links[1].dst_chan, 5);
  EXPECT_TRUE(links[1].is_local);
  EXPECT_FALSE(links[2].is_local);
  EXPECT_TRUE(psd.get_eth_connections(AsicID{8}, AsicID{9}).empty());
  EXPECT_TRUE(psd.get_asic_neighbors(AsicID{42}).empty());
}

TEST_F(PhysicalSystemDescriptorTest, PhysicalGraphKeepsEachMeshsOwnLinks) {
  tt::tt_metal::PhysicalSystemDescriptor psd(path_.string());
  using tt::tt_fabric::MeshHostRankId;
  using tt::tt_fabric::MeshId;
  std::map<MeshId, std::map<AsicID, MeshHostRankId>> meshes;
  meshes[MeshId{0}] = {{AsicID{7}, MeshHostRankId{0}}, {AsicID{8}, MeshHostRankId{0}}};
  meshes[MeshId{1}] = {{AsicID{9}, MeshHostRankId{0}}};
  const auto graphs =
      tt::tt_fabric::build_adjacency_graph_physical(tt::tt_metal::ClusterType::BLACKHOLE_GALAXY, psd, meshes);
  ASSERT_EQ(graphs.size(), 2u);
  const auto& mesh0 = graphs.at(MeshId{0});
  EXPECT_EQ(mesh0.get_neighbors(AsicID{7}), std::vector<AsicID>(3, AsicID{8})) << "one entry per link, 9 left out";
  EXPECT_EQ(mesh0.get_neighbors(AsicID{8}), std::vector<AsicID>(3, AsicID{7}));
  EXPECT_TRUE(graphs.at(MeshId{1}).get_neighbors(AsicID{9}).empty()) << "its only link leaves the mesh";
}

TEST_F(PhysicalSystemDescriptorTest, UnreadableFileThrows) {
  EXPECT_ANY_THROW(tt::tt_metal::PhysicalSystemDescriptor("/nonexistent/psd.textproto"));
}

TEST(MockDevice, RecordsTheConfigurationAndNamesItsDescriptor) {
  using namespace tt::tt_metal::experimental;
  disable_mock_mode();
  EXPECT_FALSE(is_mock_mode_registered());
  EXPECT_FALSE(get_mock_cluster_desc().has_value());
  configure_mock_mode(tt::ARCH::BLACKHOLE, 8);
  EXPECT_TRUE(is_mock_mode_registered());
  EXPECT_EQ(get_mock_cluster_desc(), "blackhole_8xP150.yaml");
  configure_mock_mode(tt::ARCH::BLACKHOLE, 3);
  EXPECT_ANY_THROW(get_mock_cluster_desc()) << "no descriptor has 3 Blackhole chips";
  EXPECT_FALSE(get_mock_cluster_desc_name(tt::ARCH::BLACKHOLE, 3).has_value());
  disable_mock_mode();
  EXPECT_FALSE(is_mock_mode_registered());
}

}  // namespace
