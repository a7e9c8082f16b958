// The fabric's routers on the two-chip cluster of p300_crossed_links.yaml
// (chip 0's channels 2 and 3 meet chip 1's 5 and 4): which ethernet channels
// tt::Cluster reserves for them.
#include <gtest/gtest.h>

#include "two_chip_fabric.h"

#include "what_of.h"

#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

namespace {

using namespace tt::tt_fabric;
using tt::tt_metal::MetalContext;
using Channels = std::set<uint8_t>;

tt::Cluster& cluster() { return MetalContext::instance().get_cluster(); }
const ControlPlane& plane() { return MetalContext::instance().get_control_plane(); }
Channels routers(int chip) { return cluster().get_fabric_ethernet_channels(plane(), chip); }

using FabricRouters = test_support::TwoChipFabric;

TEST_F(FabricRouters, PlanesReserveThatManyLinksAtBothEndsAndDisabledReleasesThem) {
  EXPECT_EQ(routers(0), Channels{});
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_1D, 1);
  // The first link of the pair in socket order, at both of its ends.
  EXPECT_EQ(routers(0), Channels{2});
  EXPECT_EQ(routers(1), Channels{5});
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_1D, 1);
  EXPECT_EQ(routers(0), Channels{2});
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_2D, 2);
  EXPECT_EQ(routers(0), (Channels{2, 3}));
  EXPECT_EQ(routers(1), (Channels{4, 5}));
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::DISABLED, 3);  // warns, releases all
  EXPECT_EQ(routers(0), Channels{});
  EXPECT_EQ(routers(1), Channels{});
  // 255: every link; more planes than links: every link too.
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_2D, 255);
  EXPECT_EQ(routers(1), (Channels{4, 5}));
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::DISABLED);
  cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_2D, 7);
  EXPECT_EQ(routers(0), (Channels{2, 3}));
}

TEST_F(FabricRouters, ReservingNeedsAtLeastOnePlaneAndAChipThatExists) {
  EXPECT_NE(what_of([] { cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_1D); })
                .find("configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_1D): "
                      "num_routing_planes is needed"),
            std::string::npos);
  EXPECT_NE(what_of([] { cluster().configure_ethernet_cores_for_fabric_routers(FabricConfig::FABRIC_2D, 0); })
                .find("num_routing_planes must be at least 1"),
            std::string::npos);
  EXPECT_EQ(routers(0), Channels{});
  EXPECT_NE(what_of([] { routers(2); }).find("Chip 2 does not exist"), std::string::npos);
}

TEST_F(FabricRouters, SetFabricConfigReservesTheGivenPlanesOrEveryLink) {
  SetFabricConfig(FabricConfig::FABRIC_1D);
  EXPECT_EQ(routers(0), (Channels{2, 3}));
  SetFabricConfig(FabricConfig::DISABLED);
  EXPECT_EQ(routers(0), Channels{});
  SetFabricConfig(FabricConfig::FABRIC_1D, FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE, 1);
  EXPECT_EQ(routers(0), Channels{2});
  EXPECT_EQ(routers(1), Channels{5});
}

// fabric_fixture.hpp's Galaxy check: a TG is Wormhole's; the emulated P300 is none.
TEST_F(FabricRouters, TheClusterIsNoTGalaxy) {
  EXPECT_EQ(cluster().get_cluster_type(), tt::tt_metal::ClusterType::P300);
  EXPECT_FALSE(cluster().is_galaxy_cluster());
}

}  // namespace
