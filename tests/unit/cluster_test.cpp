// The cluster model: named systems, link checks, the mesh the chips form.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "cluster/cluster.h"
#include "cluster/named.h"
#include "common/error.h"
#include "what_of.h"

namespace zyxtt::cluster {
namespace {

using ::testing::HasSubstr;

// How many links join each pair of chips, from the link list alone.
std::map<std::pair<uint32_t, uint32_t>, int> links_per_pair(const Cluster& c) {
  std::map<std::pair<uint32_t, uint32_t>, int> out;
  for (const EthLink& l : c.links()) ++out[{std::min(l.a.chip, l.b.chip), std::max(l.a.chip, l.b.chip)}];
  return out;
}

struct Named {
  const char* name;
  uint32_t rows, cols;   // mesh
  uint32_t grid_cols;    // Tensix columns per chip
  uint32_t dram_banks;
  int links;             // per pair of mesh neighbours
  SystemKind kind;
};

TEST(NamedCluster, EachSystemHasItsChipsMeshAndLinks) {
  const Named systems[] = {
      {"p100a", 1, 1, 12, 7, 0, SystemKind::kP100},    {"p150", 1, 1, 12, 8, 0, SystemKind::kP150},
      {"p300", 1, 2, 12, 8, 2, SystemKind::kP300},     {"4xp150", 2, 2, 12, 8, 4, SystemKind::kP150x4},
      {"8xp150", 2, 4, 12, 8, 2, SystemKind::kP150x8}, {"galaxy", 8, 4, 13, 8, 2, SystemKind::kGalaxy},
      {"3x2", 3, 2, 12, 8, 2, SystemKind::kCustom},
  };
  for (const Named& s : systems) {
    SCOPED_TRACE(s.name);
    const Cluster c = named_cluster(s.name);
    EXPECT_EQ(c.kind(), s.kind);
    ASSERT_EQ(c.size(), s.rows * s.cols);
    EXPECT_EQ(c.mesh_shape(), (MeshShape{s.rows, s.cols}));
    EXPECT_TRUE(c.mesh_follows_links());
    for (const Chip& chip : c.chips()) {
      EXPECT_EQ(chip.arch->grid_cols, s.grid_cols);
      EXPECT_EQ(chip.arch->grid_rows, 10u);
      EXPECT_EQ(chip.arch->dram_banks, s.dram_banks);
      EXPECT_TRUE(chip.mmio);
    }
    // Every pair of mesh neighbours is joined by the system's links, and no other pair.
    std::map<std::pair<uint32_t, uint32_t>, int> expected;
    for (uint32_t r = 0; r < s.rows; ++r)
      for (uint32_t col = 0; col < s.cols; ++col) {
        const uint32_t here = c.chip_at({r, col});
        EXPECT_EQ(c.coord_of(here), (MeshCoord{r, col}));
        for (MeshCoord next : {MeshCoord{r, col + 1}, MeshCoord{r + 1, col}}) {
          if (next.row >= s.rows || next.col >= s.cols) continue;
          const uint32_t there = c.chip_at(next);
          expected[{std::min(here, there), std::max(here, there)}] = s.links;
        }
      }
    EXPECT_EQ(links_per_pair(c), expected);
  }
  EXPECT_EQ(named_cluster("p100a").chip(0).arch->name, "p100a");
  EXPECT_EQ(named_cluster("p150").chip(0).arch->name, "p150");
}

TEST(NamedCluster, EachChannelIsInOneLinkAtMost) {
  const Cluster c = named_cluster("galaxy");
  std::set<EthEnd> ends;
  for (const EthLink& l : c.links())
    for (const EthEnd& e : {l.a, l.b}) {
      EXPECT_TRUE(ends.insert(e).second) << "chip " << e.chip << " channel " << e.channel << " used twice";
      EXPECT_EQ(c.peer(e), l.a == e ? l.b : l.a);
    }
  // An inner Galaxy chip has four neighbours, two links each.
  const uint32_t inner = c.chip_at({3, 1});
  EXPECT_EQ(c.neighbours(inner).size(), 4u);
  EXPECT_EQ(c.active_channels(inner).size(), 8u);
  EXPECT_EQ(c.peer({inner, 13}), std::nullopt);
}

TEST(NamedCluster, UnknownNamesAndOversizedMeshesAreRefusedListingTheNames) {
  for (const char* bad : {"p200", "0x3", "9x9", "2x", "2x3x4", ""}) {
    SCOPED_TRACE(bad);
    const std::string msg = what_of<Error>([&] { named_cluster(bad); });
    EXPECT_THAT(msg, HasSubstr("unknown cluster"));
    EXPECT_THAT(msg, HasSubstr("p300 (two chips on one board), 4xp150 (2 x 2), 8xp150 (2 x 4), galaxy"));
  }
}

Chip p150_chip(uint32_t id) {
  Chip chip;
  chip.id = id;
  chip.board = Board::kP150;
  chip.mmio = true;
  chip.arch = &harvested_arch(chip.harvesting);
  return chip;
}

TEST(Cluster, LinksThatCannotExistAreRefusedNamingChipAndChannel) {
  auto make = [](std::vector<EthLink> links) {
    return what_of<Error>([&] { Cluster("test.yaml", {p150_chip(0), p150_chip(1)}, std::move(links)); });
  };
  EXPECT_THAT(make({{{0, 1}, {2, 1}}}), HasSubstr("cluster test.yaml: ethernet link 0 names chip 2, which does not exist"));
  EXPECT_THAT(make({{{0, 14}, {1, 1}}}), HasSubstr("names channel 14 of chip 0; a Blackhole has channels 0-13"));
  EXPECT_THAT(make({{{0, 1}, {1, 1}}, {{0, 1}, {1, 2}}}), HasSubstr("channel 1 of chip 0 is in ethernet links 0 and 1"));
  EXPECT_THAT(make({{{0, 1}, {0, 2}}}), HasSubstr("ethernet link 0 joins chip 0 to itself"));
  EXPECT_THAT(what_of<Error>([] { Cluster("t", {p150_chip(1)}, {}); }), HasSubstr("chip ids must be 0 to 0 in order"));
}

TEST(Cluster, MeshPlacesChipsSoThatNeighboursAreLinked) {
  // Four P150s in a ring 0-2-1-3-0, as tt-umd numbers a 4xP150 box: a 2 x 2 mesh.
  std::vector<Chip> chips;
  for (uint32_t i = 0; i < 4; ++i) chips.push_back(p150_chip(i));
  const Cluster c("ring", chips, {{{0, 0}, {2, 0}}, {{2, 1}, {1, 1}}, {{1, 2}, {3, 2}}, {{3, 3}, {0, 3}}});
  EXPECT_EQ(c.kind(), SystemKind::kP150x4);
  EXPECT_EQ(c.mesh_shape(), (MeshShape{2, 2}));
  EXPECT_TRUE(c.mesh_follows_links());
  EXPECT_EQ(c.chip_at({0, 0}), 0u);
  EXPECT_EQ(c.chip_at({1, 1}), 1u);  // opposite chip 0 in the ring
  for (uint32_t r = 0; r < 2; ++r) {
    const auto n = c.neighbours(c.chip_at({r, 0}));
    EXPECT_TRUE(std::count(n.begin(), n.end(), c.chip_at({r, 1})) == 1);
  }
  // Without links the chips lie on a line in id order.
  const Cluster apart("apart", chips, {});
  EXPECT_FALSE(apart.mesh_follows_links());
  EXPECT_EQ(apart.mesh_shape(), (MeshShape{1, 4}));
  EXPECT_EQ(apart.chip_at({0, 3}), 3u);
  EXPECT_THAT(what_of<Error>([&] { c.chip_at({2, 0}); }), HasSubstr("(2, 0) is outside cluster ring's 2 x 2 mesh"));
  EXPECT_THAT(what_of<Error>([&] { c.chip(4); }), HasSubstr("chip 4 does not exist: cluster ring has chips 0 to 3"));
}

TEST(Cluster, HarvestingLeavesTheColumnsAndBanksSiliconWould) {
  EXPECT_EQ(harvested_arch({0, 0, 0}).grid_cols, 14u);
  EXPECT_EQ(harvested_arch({0b11000000, 0b1000, 0}).name, "p100a");
  const Arch& odd = harvested_arch({0b1, 0b11, 0});
  EXPECT_EQ(odd.grid_cols, 13u);
  EXPECT_EQ(odd.dram_banks, 6u);
  // The device worker is told a chip's arch by name.
  EXPECT_EQ(&find_arch(odd.name), &odd);
  EXPECT_EQ(odd.name, "blackhole-13c-6b");
  // Bits past the chip's units harvest nothing.
  EXPECT_EQ(harvested_arch({(1u << 20) | 0b11, 1u << 9, 0}).name, "p150");
  EXPECT_THAT(what_of<Error>([] { harvested_arch({0x3FFF, 0, 0}); }), HasSubstr("0 Tensix columns"));
  EXPECT_THAT(what_of<Error>([] { find_arch("blackhole-13c-6"); }), HasSubstr("unknown arch"));
  EXPECT_THAT(what_of<Error>([] { find_arch("blackhole-15c-8b"); }), HasSubstr("does not exist (1-14 columns, 1-8 banks)"));
}

}  // namespace
}  // namespace zyxtt::cluster
