// Fabric router telemetry on the two-chip cluster of p300_crossed_links.yaml
// (chip 0's channels 2 and 3 meet chip 1's 5 and 4): one sample per router,
// naming the link it serves; the emulator's routers keep no counters.
#include <gtest/gtest.h>

#include "two_chip_fabric.h"

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/experimental/fabric/fabric_telemetry_reader.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_config.hpp>

#include <type_traits>

namespace {

using namespace tt::tt_fabric;

// tt-metal names the chip id in distributed:: too (addrgen_write's tests use it).
static_assert(std::is_same_v<tt::tt_metal::distributed::ChipId, int>);

using FabricTelemetry = test_support::TwoChipFabric;

TEST_F(FabricTelemetry, EachRouterReportsTheLinkItServesAndNoCounters) {
  const FabricNodeId node0 = get_fabric_node_id_from_physical_chip_id(0);
  const FabricNodeId node1 = get_fabric_node_id_from_physical_chip_id(1);
  EXPECT_TRUE(read_fabric_telemetry(node0).empty());  // the fabric is down

  SetFabricConfig(FabricConfig::FABRIC_1D, FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE, 1);
  // On a 1 x 2 mesh chip 1 is east of chip 0, on a 2 x 1 south.
  const bool one_row = get_physical_mesh_shapes().at(MeshId{0})[0] == 1;
  const auto toward_1 = static_cast<uint8_t>(one_row ? eth_chan_directions::EAST : eth_chan_directions::SOUTH);
  const auto toward_0 = static_cast<uint8_t>(one_row ? eth_chan_directions::WEST : eth_chan_directions::NORTH);

  const std::vector<FabricTelemetrySample> at0 = read_fabric_telemetry(node0);
  ASSERT_EQ(at0.size(), 1u);  // one plane: one router, on the pair's first link
  EXPECT_EQ(at0[0].fabric_node_id, node0);
  EXPECT_EQ(at0[0].channel_id, 2);
  const FabricTelemetryStaticInfo& info = at0[0].snapshot.static_info;
  EXPECT_EQ(info.version, 1u);
  EXPECT_EQ(info.mesh_id, 0);
  EXPECT_EQ(info.device_id, node0.chip_id);
  EXPECT_EQ(info.neighbor_mesh_id, 0);
  EXPECT_EQ(info.neighbor_device_id, node1.chip_id);
  EXPECT_EQ(info.direction, toward_1);
  EXPECT_EQ(info.fabric_config, static_cast<uint32_t>(FabricConfig::FABRIC_1D));
  EXPECT_EQ(info.supported_stats, 0);
  EXPECT_FALSE(at0[0].snapshot.dynamic_info.has_value());

  SetFabricConfig(FabricConfig::FABRIC_2D);  // every link: chip 1's channels 4 and 5, in channel order
  const std::vector<FabricTelemetrySample> at1 = read_fabric_telemetry(node1);
  ASSERT_EQ(at1.size(), 2u);
  EXPECT_EQ(at1[0].channel_id, 4);
  EXPECT_EQ(at1[1].channel_id, 5);
  for (const FabricTelemetrySample& s : at1) {
    EXPECT_EQ(s.snapshot.static_info.device_id, node1.chip_id);
    EXPECT_EQ(s.snapshot.static_info.neighbor_device_id, node0.chip_id);
    EXPECT_EQ(s.snapshot.static_info.direction, toward_0);
    EXPECT_EQ(s.snapshot.static_info.fabric_config, static_cast<uint32_t>(FabricConfig::FABRIC_2D));
  }
}

TEST(FabricTelemetryTypes, TimestampJoinsItsHalvesAndMasksNameTheirStatistics) {
  EXPECT_EQ((FabricTelemetryTimestamp{.lo = 0x89abcdefu, .hi = 0x01234567u}.full()), 0x0123456789abcdefull);
  EXPECT_EQ((FabricTelemetryTimestamp{.lo = 0xffffffffu, .hi = 0}.full()), 0xffffffffull);
  const FabricTelemetryStatisticMask mask = 0x02 | 0x08;  // bandwidth and RX heartbeat
  EXPECT_FALSE(telemetry_stat_enabled(mask, FabricTelemetryStatistic::RouterState));
  EXPECT_TRUE(telemetry_stat_enabled(mask, FabricTelemetryStatistic::Bandwidth));
  EXPECT_FALSE(telemetry_stat_enabled(mask, FabricTelemetryStatistic::HeartbeatTx));
  EXPECT_TRUE(telemetry_stat_enabled(mask, FabricTelemetryStatistic::HeartbeatRx));
}

}  // namespace
