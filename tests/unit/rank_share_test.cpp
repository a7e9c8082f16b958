// Which chips each MPI rank emulates: the mesh cut evenly, or each rank's
// chips as given; and tt-metal's rank binding files.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "cluster/named.h"
#include "cluster/rank_binding.h"
#include "cluster/rank_descriptors.h"
#include "cluster/rank_share.h"
#include "common/error.h"
#include "what_of.h"

namespace zyxtt::cluster {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<uint32_t> chips_in_block(const Cluster& c, MeshCoord origin, MeshShape shape) {
  std::vector<uint32_t> out;
  for (uint32_t r = 0; r < shape.rows; ++r)
    for (uint32_t col = 0; col < shape.cols; ++col) out.push_back(c.chip_at({origin.row + r, origin.col + col}));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(RankShare, AGalaxyOverFourRanksGivesEachTwoRowsOfFour) {
  const Cluster galaxy = named_cluster("galaxy");
  for (uint32_t rank = 0; rank < 4; ++rank) {
    const RankShare share = split_evenly(galaxy, rank, 4);
    EXPECT_EQ(share.local_shape, (MeshShape{2, 4}));
    EXPECT_EQ(share.local_origin, (MeshCoord{2 * rank, 0}));
    EXPECT_EQ(share.chips_of(rank), chips_in_block(galaxy, {2 * rank, 0}, {2, 4}));
    EXPECT_EQ(share.chips_of(rank).size(), 8u);
  }
}

TEST(RankShare, EightP150sOverTwoRanksSplitTheLongerSide) {
  const Cluster box = named_cluster("8xp150");
  const RankShare share = split_evenly(box, 1, 2);
  EXPECT_EQ(share.local_shape, (MeshShape{2, 2}));
  EXPECT_EQ(share.local_origin, (MeshCoord{0, 2}));
  for (uint32_t chip = 0; chip < box.size(); ++chip)
    EXPECT_EQ(share.local(chip), box.coord_of(chip).col >= 2) << "chip " << chip;
}

TEST(RankShare, OneRankOwnsEverything) {
  const RankShare share = split_evenly(named_cluster("4xp150"), 0, 1);
  EXPECT_FALSE(share.spans_ranks());
  EXPECT_EQ(share.chips_of(0).size(), 4u);
}

TEST(RankShare, AMeshThatDoesNotDivideSaysHowToGiveChips) {
  const std::string error = what_of([] { split_evenly(named_cluster("8xp150"), 0, 3); });
  EXPECT_THAT(error, HasSubstr("2 x 4 mesh does not split evenly over 3 ranks"));
  EXPECT_THAT(error, HasSubstr("TT_VISIBLE_DEVICES"));
  EXPECT_THAT(error, HasSubstr("ZYX_TT_RANK_BINDING"));
}

TEST(RankShare, GivenChipsMustBeRectanglesOwnedOnce) {
  const Cluster box = named_cluster("4xp150");  // 2 x 2
  const uint32_t a = box.chip_at({0, 0}), b = box.chip_at({0, 1}), c = box.chip_at({1, 0}), d = box.chip_at({1, 1});
  const RankShare share = share_by_rank(box, 0, {{a, c}, {b, d}});
  EXPECT_EQ(share.local_shape, (MeshShape{2, 1}));
  EXPECT_EQ(share.owner[d], 1u);
  EXPECT_THAT(what_of([&] { share_by_rank(box, 0, {{a, d}, {b, c}}); }), HasSubstr("not one rectangle"));
  EXPECT_THAT(what_of([&] { share_by_rank(box, 0, {{a, b}, {b, c}}); }),
              HasSubstr(fmt::format("chip {} is given to ranks 0 and 1", b)));
  EXPECT_THAT(what_of([&] { share_by_rank(box, 0, {{a}, {9}}); }), HasSubstr("rank 1 is given chip 9"));
}

TEST(RankShare, ChipListsAreTtMetalsVisibleDevices) {
  EXPECT_THAT(parse_chip_list("0,1, 3"), ElementsAre(0u, 1u, 3u));
  EXPECT_THAT(what_of([] { parse_chip_list("0,,1"); }), HasSubstr("not a list of chip ids"));
  EXPECT_THAT(what_of([] { parse_chip_list("a"); }), HasSubstr("TT_VISIBLE_DEVICES 'a'"));
}

TEST(RankBinding, ReadsEachRanksMeshAndEnvironment) {
  const std::string path = testing::TempDir() + "/bindings.yaml";
  std::ofstream(path) << "rank_bindings:\n  - rank: 0\n    mesh_id: 0\n    env_overrides:\n"
                         "      TT_VISIBLE_DEVICES: \"0,1\"\n  - rank: 1\n    mesh_id: 2\n"
                         "mesh_graph_desc_path: \"x.textproto\"\n";
  const std::vector<RankBinding> bindings = read_rank_bindings(path);
  ASSERT_EQ(bindings.size(), 2u);
  EXPECT_EQ(bindings[0].env_overrides.at("TT_VISIBLE_DEVICES"), "0,1");
  EXPECT_EQ(bindings[1].rank, 1u);
  EXPECT_EQ(bindings[1].mesh_id, 2u);
  std::ofstream(path) << "nothing: here\n";
  EXPECT_THAT(what_of([&] { read_rank_bindings(path); }), HasSubstr("no rank_bindings list"));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace zyxtt::cluster

namespace zyxtt::cluster {
namespace {

// Host `h` of two: chips linked to each other; chip `near` linked to the
// other host's chip by its unique id `far`.
std::string host_yaml(int h, int near, const char* far) {
  return fmt::format(
      "arch: {{0: blackhole, 1: blackhole}}\n"
      "chip_unique_ids: {{0: {}, 1: {}}}\n"
      "ethernet_connections:\n  - [{{chip: 0, chan: 0}}, {{chip: 1, chan: 0}}]\n"
      "ethernet_connections_to_remote_devices:\n  - [{{chip: {}, chan: 2}}, {{remote_chip_id: {}, chan: 2}}]\n  -\n"
      "chips_with_mmio: [{{0: 0}}, {{1: 1}}]\n"
      "chip_to_boardtype: {{0: p150, 1: p150}}\n",
      0x100 * (h + 1), 0x100 * (h + 1) + 1, near, far);
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(RankDescriptors, JoinTwoHostsIntoOneLineByUniqueIds) {
  write("host0.yaml", host_yaml(0, 1, "0x200"));
  write("host1.yaml", host_yaml(1, 0, "0x101"));
  const std::string mapping =
      write("mapping.yaml", "rank_to_cluster_mock_cluster_desc:\n  0: host0.yaml\n  1: host1.yaml\n");
  const RankedCluster joined = read_rank_descriptors(mapping, "", MeshShape{1, 4});
  EXPECT_EQ(joined.cluster.size(), 4u);
  EXPECT_THAT(joined.chips_by_rank, ElementsAre(ElementsAre(0u, 1u), ElementsAre(2u, 3u)));
  EXPECT_EQ(joined.cluster.links().size(), 3u);  // the link between hosts once
  EXPECT_EQ(joined.cluster.peer({1, 2}), (EthEnd{2, 2}));
  EXPECT_TRUE(joined.cluster.mesh_follows_links());
  const RankShare share = share_by_rank(joined.cluster, 1, joined.chips_by_rank);
  EXPECT_EQ(share.local_shape, (MeshShape{1, 2}));
}

TEST(RankDescriptors, ARemoteChipNoHostHasIsNamed) {
  write("lone0.yaml", host_yaml(0, 1, "0x999"));
  const std::string mapping = write("lone.yaml", "rank_to_cluster_mock_cluster_desc:\n  0: lone0.yaml\n");
  EXPECT_THAT(what_of([&] { read_rank_descriptors(mapping, "", std::nullopt); }),
              HasSubstr("links to chip 0x999, which no rank's descriptor has"));
  const std::string gap = write("gap.yaml", "rank_to_cluster_mock_cluster_desc:\n  1: lone0.yaml\n");
  EXPECT_THAT(what_of([&] { read_rank_descriptors(gap, "", std::nullopt); }), HasSubstr("0 is missing"));
}

}  // namespace
}  // namespace zyxtt::cluster
