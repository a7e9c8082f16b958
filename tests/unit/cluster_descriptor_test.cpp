// tt-umd cluster descriptors read as tt-metal's mock cluster reads them, and
// the choice between a named cluster, TT_METAL_MOCK_CLUSTER_DESC_PATH and --arch.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cluster/descriptor.h"
#include "cluster/named.h"
#include "common/error.h"
#include "what_of.h"

namespace zyxtt::cluster {
namespace {

using ::testing::HasSubstr;

// Two chips of one board in tt-umd's layout (the form tt-umd writes for a
// P300): chip 1 is listed first on its board and has a column and a bank
// more harvested.
constexpr const char* kTwoChips = R"(arch:
  0: blackhole
  1: blackhole
chips:
  {}
chip_unique_ids:
  0: 100
  1: 101
ethernet_connections:
  -
    - chip: 0
      chan: 2
    - chip: 1
      chan: 9
  -
    - chip: 1
      chan: 8
    - chip: 0
      chan: 3
      routing_enabled: true
ethernet_connections_to_remote_devices:
  -
    - chip: 0
      chan: 4
    - remote_chip_id: 777
      chan: 4
chips_with_mmio:
  - 0: 1
harvesting:
  0:
    noc_translation: true
    harvest_mask: 8320
    dram_harvesting_mask: 0
    eth_harvesting_mask: 288
    pcie_harvesting_mask: 2
  1:
    noc_translation: true
    harvest_mask: 273
    dram_harvesting_mask: 4
    eth_harvesting_mask: 288
boards:
  -
    - board_id: 4242
    - board_type: p300
    - chips:
        - 1
        - 0
)";

TEST(ClusterDescriptor, ReadsChipsLinksMmioHarvestingAndBoards) {
  const Cluster c = parse_cluster_descriptor(kTwoChips, "p300.yaml");
  EXPECT_EQ(c.source(), "p300.yaml");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c.kind(), SystemKind::kP300);
  EXPECT_EQ(c.mesh_shape(), (MeshShape{1, 2}));
  EXPECT_TRUE(c.mesh_follows_links());
  EXPECT_TRUE(c.chip(0).mmio);
  EXPECT_FALSE(c.chip(1).mmio);
  EXPECT_EQ(c.chip(0).board, Board::kP300);
  EXPECT_EQ(c.chip(1).board_id, 4242u);
  EXPECT_EQ(c.chip(0).arch->name, "p150");  // two columns harvested, every bank
  EXPECT_EQ(c.chip(1).arch->grid_cols, 11u);
  EXPECT_EQ(c.chip(1).arch->dram_banks, 7u);
  EXPECT_EQ(c.chip(0).harvesting.eth_channels, 288u);
  EXPECT_EQ(c.peer({0, 2}), (EthEnd{1, 9}));
  EXPECT_EQ(c.peer({0, 3}), (EthEnd{1, 8}));
  EXPECT_EQ(c.peer({0, 4}), std::nullopt) << "a link to another host is not this cluster's";
  EXPECT_EQ(c.active_channels(1), (std::vector<uint32_t>{8, 9}));
}

TEST(ClusterDescriptor, TheOlderChipToBoardtypeFormNamesBoards) {
  const Cluster c = parse_cluster_descriptor(R"(
arch: {0: blackhole}
chips_with_mmio: [{0: 0}]
harvesting: {0: {noc_translation: true, harvest_mask: 192, dram_harvesting_mask: 8}}
chip_to_boardtype: {0: p100}
)",
                                             "p100.yaml");
  EXPECT_EQ(c.kind(), SystemKind::kP100);
  EXPECT_EQ(c.chip(0).arch->name, "p100a");
}

struct Refused {
  std::string yaml;
  const char* says;
};

TEST(ClusterDescriptor, WhatIsNotEmulatedOrMalformedIsRefusedNamingFileKeyAndWhatIsAccepted) {
  const std::string chip0 = "arch: {0: blackhole}\n";
  const std::string mmio_board = "chips_with_mmio: [{0: 0}]\nboards: [[{board_type: p150}, {chips: [0]}]]\n";
  const Refused cases[] = {
      {"arch: {0: wormhole_b0}\n" + mmio_board,
       "cluster descriptor d.yaml: arch.0: arch 'wormhole_b0' is not emulated; accepted: blackhole"},
      {chip0 + "chips_with_mmio: [{0: 0}]\nboards: [[{board_type: n300}, {chips: [0]}]]\n",
       "boards[0].board_type: board type 'n300' is not emulated; accepted: p100, p150, p300 (Blackhole boards) and "
       "ubb_blackhole (a Blackhole Galaxy)"},
      {chip0 + "boards: [[{board_type: p150}, {chips: [0]}]]\n", "chips_with_mmio: missing"},
      {mmio_board, "arch: missing"},
      {chip0 + "chips_with_mmio: [{0: 0}]\n", "boards: chip 0 is on no board"},
      {"arch: {0: blackhole, 2: blackhole}\nchips_with_mmio: [{0: 0}]\n"
       "boards: [[{board_type: p150}, {chips: [0, 2]}]]\n",
       "arch: chip ids must be 0 to 1; 1 is missing"},
      {chip0 + mmio_board + "harvesting: {0: {harvest_mask: lots}}\n",
       "harvesting.0.harvest_mask: expected an integer, found 'lots'"},
      {chip0 + mmio_board + "harvesting: {0: {harvest_mask: 16383}}\n", "harvesting.0: a Blackhole with 0 Tensix columns"},
      {chip0 + mmio_board + "harvesting: {3: {harvest_mask: 0}}\n", "harvesting.3: chip 3 is not in arch"},
      {chip0 + mmio_board + "ethernet_connections: [[{chip: 0, chan: 1}]]\n",
       "ethernet_connections[0]: expected two ends {chip, chan}"},
      {chip0 + mmio_board + "ethernet_connections: [[{chip: 0, chan: 1}, {chip: 5, chan: 1}]]\n",
       "cluster d.yaml: ethernet link 0 names chip 5, which does not exist"},
      {"arch: {0: blackhole\n", "cluster descriptor d.yaml: line "},
      {"- just a list\n", "(top level): expected a map"},
  };
  for (const Refused& r : cases) {
    SCOPED_TRACE(r.yaml);
    EXPECT_THAT(what_of<Error>([&] { parse_cluster_descriptor(r.yaml, "d.yaml"); }), HasSubstr(r.says));
  }
}

class ChooseCluster : public ::testing::Test {
 protected:
  void SetUp() override { unsetenv("TT_METAL_MOCK_CLUSTER_DESC_PATH"); }
  void TearDown() override {
    unsetenv("TT_METAL_MOCK_CLUSTER_DESC_PATH");
    if (!path_.empty()) std::filesystem::remove(path_);
  }
  std::string write_descriptor(const std::string& text) {
    path_ = std::filesystem::temp_directory_path() / ("zyxtt-cluster-" + std::to_string(getpid()) + ".yaml");
    std::ofstream(path_) << text;
    return path_.string();
  }
  std::filesystem::path path_;
};

TEST_F(ChooseCluster, ANameWinsThenTheMockDescriptorThenTheArch) {
  EXPECT_EQ(choose_cluster("", "p150", OptionHints::kFlagAndVariable).source(), "p150");
  setenv("TT_METAL_MOCK_CLUSTER_DESC_PATH", write_descriptor(kTwoChips).c_str(), 1);
  const Cluster from_file = choose_cluster("", "p150", OptionHints::kFlagAndVariable);
  EXPECT_EQ(from_file.source(), path_.string());
  EXPECT_EQ(from_file.size(), 2u);
  EXPECT_EQ(choose_cluster("galaxy", "p150", OptionHints::kFlagAndVariable).size(), 32u);
}

TEST_F(ChooseCluster, ErrorsNameTheVariableOrOptionToChange) {
  setenv("TT_METAL_MOCK_CLUSTER_DESC_PATH", "/nonexistent/cluster.yaml", 1);
  const std::string msg = what_of<Error>([] { choose_cluster("", "p100a", OptionHints::kVariable); });
  EXPECT_THAT(msg, HasSubstr("cluster descriptor /nonexistent/cluster.yaml: cannot be read: No such file"));
  EXPECT_THAT(msg, HasSubstr("TT_METAL_MOCK_CLUSTER_DESC_PATH names it; ZYX_TT_CLUSTER names a cluster instead"));
  EXPECT_THAT(what_of<Error>([] { choose_cluster("5z", "p100a", OptionHints::kFlagAndVariable); }),
              HasSubstr("unknown cluster '5z'"));
  EXPECT_THAT(what_of<Error>([] { choose_cluster("5z", "p100a", OptionHints::kFlagAndVariable); }),
              HasSubstr("(--cluster (ZYX_TT_CLUSTER))"));
}

}  // namespace
}  // namespace zyxtt::cluster
