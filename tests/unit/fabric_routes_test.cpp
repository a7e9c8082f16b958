// The fabric's route model over named clusters: which way each link leads,
// which chips a 1-D packet reaches, 2-D unicast paths and multicasts, and
// routes that cannot be taken, each with where it stops.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/cluster.h"
#include "cluster/named.h"
#include "device/fabric_routes.h"

namespace zyxtt::fabric {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// The chip at (row, col) of a cluster's mesh.
uint32_t at(const cluster::Cluster& c, uint32_t row, uint32_t col) { return c.chip_at({row, col}); }

TEST(FabricRoutes, ALinksDirectionFollowsTheMeshAndFabricIdsAreRowMajor) {
  const cluster::Cluster c = cluster::named_cluster("8xp150");  // 2 x 4
  const Routes r = c.routes();
  ASSERT_EQ(r.rows(), 2u);
  ASSERT_EQ(r.cols(), 4u);
  for (uint32_t chip = 0; chip < c.size(); ++chip) {
    const cluster::MeshCoord m = c.coord_of(chip);
    EXPECT_EQ(r.fabric_id(chip), m.row * 4 + m.col);
    EXPECT_EQ(r.chip_of_fabric_id(m.row * 4 + m.col), chip);
    for (uint32_t ch : c.active_channels(chip)) {
      const cluster::MeshCoord p = c.coord_of(c.peer({chip, ch})->chip);
      const std::optional<Dir> d = r.direction(chip, ch);
      ASSERT_TRUE(d.has_value()) << "chip " << chip << " channel " << ch;
      // An independent reading of the coordinates: north is the row above.
      const int dr = int(p.row) - int(m.row), dc = int(p.col) - int(m.col);
      const Dir want = dr == -1 ? Dir::kNorth : dr == 1 ? Dir::kSouth : dc == 1 ? Dir::kEast : Dir::kWest;
      EXPECT_EQ(*d, want) << "chip " << chip << " channel " << ch;
    }
  }
  for (uint32_t ch = 0; ch < kEthChannels; ++ch) {
    if (!c.peer({at(c, 0, 0), ch})) {
      EXPECT_FALSE(r.direction(at(c, 0, 0), ch).has_value()) << "unlinked channel " << ch;
    }
  }
  EXPECT_EQ(r.neighbour(at(c, 0, 0), Dir::kEast), at(c, 0, 1));
  EXPECT_EQ(r.neighbour(at(c, 0, 0), Dir::kSouth), at(c, 1, 0));
  EXPECT_FALSE(r.neighbour(at(c, 0, 0), Dir::kNorth).has_value()) << "no wrap-around links on an 8xp150";
  EXPECT_FALSE(r.neighbour(at(c, 0, 0), Dir::kWest).has_value());
}

TEST(FabricRoutes, ALinePacketReachesItsHopsAlongTheConnectionsDirection) {
  const cluster::Cluster c = cluster::named_cluster("1x4");
  const Routes r = c.routes();
  const uint32_t east = r.channels_toward(at(c, 0, 0), Dir::kEast).at(0);
  NoRoute why;
  EXPECT_THAT(r.line(at(c, 0, 0), east, 1, 1, &why), ElementsAre(at(c, 0, 1)));
  EXPECT_THAT(r.line(at(c, 0, 0), east, 3, 1, &why), ElementsAre(at(c, 0, 3)));
  EXPECT_THAT(r.line(at(c, 0, 0), east, 1, 3, &why), ElementsAre(at(c, 0, 1), at(c, 0, 2), at(c, 0, 3)));
  EXPECT_THAT(r.line(at(c, 0, 0), east, 2, 2, &why), ElementsAre(at(c, 0, 2), at(c, 0, 3)));
  // One hop past the end of the line: no link there.
  EXPECT_THAT(r.line(at(c, 0, 0), east, 4, 1, &why), IsEmpty());
  EXPECT_THAT(why.why, HasSubstr("chip " + std::to_string(at(c, 0, 3)) + " has no link east"));
  const uint32_t west = r.channels_toward(at(c, 0, 2), Dir::kWest).at(0);
  EXPECT_THAT(r.line(at(c, 0, 2), west, 1, 2, &why), ElementsAre(at(c, 0, 1), at(c, 0, 0)));
  // A channel with no link.
  const auto linked = c.active_channels(at(c, 0, 0));
  uint32_t idle = 0;
  while (std::find(linked.begin(), linked.end(), idle) != linked.end()) ++idle;
  EXPECT_THAT(r.line(at(c, 0, 0), idle, 1, 1, &why), IsEmpty());
  EXPECT_THAT(why.why, HasSubstr("has no link"));
  EXPECT_THAT(r.line(at(c, 0, 0), east, 0, 1, &why), IsEmpty());
}

TEST(FabricRoutes, AMeshUnicastGoesNorthSouthFirstThenEastWest) {
  const cluster::Cluster c = cluster::named_cluster("8xp150");
  const Routes r = c.routes();
  NoRoute why;
  EXPECT_THAT(r.mesh_path(at(c, 0, 0), at(c, 1, 3), &why), ElementsAre(at(c, 1, 0), at(c, 1, 1), at(c, 1, 2), at(c, 1, 3)));
  EXPECT_EQ(r.first_hop(at(c, 0, 0), at(c, 1, 3)), Dir::kSouth);
  EXPECT_EQ(r.first_hop(at(c, 1, 3), at(c, 1, 1)), Dir::kWest);
  EXPECT_FALSE(r.first_hop(at(c, 1, 1), at(c, 1, 1)).has_value());
}

TEST(FabricRoutes, AMeshMulticastRunsASpineWithBranches) {
  const cluster::Cluster c = cluster::named_cluster("8xp150");
  const Routes r = c.routes();
  NoRoute why;
  Dir leaves = Dir::kEast;
  // From (1, 1): one hop north, branching one east and one west.
  EXPECT_THAT(r.mesh_multicast(at(c, 1, 1), 1, 1, 1, 0, &leaves, &why),
              ElementsAre(at(c, 0, 1), at(c, 0, 2), at(c, 0, 0)));
  EXPECT_EQ(leaves, Dir::kNorth);
  // No spine: a line east.
  EXPECT_THAT(r.mesh_multicast(at(c, 0, 0), 3, 0, 0, 0, &leaves, &why), ElementsAre(at(c, 0, 1), at(c, 0, 2), at(c, 0, 3)));
  EXPECT_EQ(leaves, Dir::kEast);
  // A branch past the mesh's edge.
  EXPECT_THAT(r.mesh_multicast(at(c, 1, 1), 0, 2, 1, 0, &leaves, &why), IsEmpty());
  EXPECT_THAT(why.why, HasSubstr("has no link west"));
  EXPECT_THAT(r.mesh_multicast(at(c, 0, 1), 1, 1, 0, 0, &leaves, &why), IsEmpty());
  EXPECT_THAT(why.why, HasSubstr("one way"));
}

}  // namespace
}  // namespace zyxtt::fabric
