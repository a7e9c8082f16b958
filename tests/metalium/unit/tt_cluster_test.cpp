// tt::Cluster (tt_metal/llrt/tt_cluster.hpp) over the emulated cluster of
// p300_crossed_links.yaml (TT_METAL_MOCK_CLUSTER_DESC_PATH, set by ctest):
// write_core / read_core reach a chip's worker L1 by NOC coordinates, the
// same bytes the device API sees, and the ethernet queries give the
// descriptor's links.
#include <gtest/gtest.h>

#include "what_of.h"

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

namespace {

using namespace tt::tt_metal;

tt::Cluster& cluster() { return MetalContext::instance().get_cluster(); }

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(i * 37 + seed + (i >> 7));
  return out;
}

class TtCluster : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(GetNumAvailableDevices(), 2u) << "run with TT_METAL_MOCK_CLUSTER_DESC_PATH=p300_crossed_links.yaml";
    chips = distributed::MeshDevice::create_unit_meshes({0, 1});
  }
  void TearDown() override {
    for (auto& [id, mesh] : chips) mesh->close();
  }
  std::map<int, std::shared_ptr<distributed::MeshDevice>> chips;
};

TEST_F(TtCluster, WriteCoreLandsInOneChipsWorkerL1AsTheDeviceApiSeesIt) {
  const CoreCoord logical{3, 2};
  const CoreCoord noc = chips.at(1)->worker_core_from_logical_core(logical);
  constexpr uint32_t kAddress = 0x80000;
  const std::vector<uint8_t> bytes = pattern(1001, 5);  // not a whole number of words
  cluster().write_core(bytes.data(), bytes.size(), tt_cxy_pair(1, noc.x, noc.y), kAddress);

  std::vector<uint8_t> back(bytes.size());
  cluster().read_core(back.data(), back.size(), tt_cxy_pair(1, noc.x, noc.y), kAddress);
  EXPECT_EQ(back, bytes);
  std::vector<uint8_t> seen(bytes.size());
  ASSERT_TRUE(detail::ReadFromDeviceL1(chips.at(1)->get_devices().at(0), logical, kAddress, std::span(seen)));
  EXPECT_EQ(seen, bytes) << "the device API reads other bytes at that core and address";
  std::vector<uint8_t> on_chip0(bytes.size());
  cluster().read_core(on_chip0.data(), on_chip0.size(), tt_cxy_pair(0, noc.x, noc.y), kAddress);
  EXPECT_NE(on_chip0, bytes) << "chip 0's core holds what was written to chip 1's";

  // The vector forms, and the other direction: the device API writes, the cluster reads.
  const std::vector<uint32_t> words = {1, 2, 3, 0xdeadbeef};
  cluster().write_core(1, noc, words, kAddress + 4096);
  EXPECT_EQ(cluster().read_core(1, noc, kAddress + 4096, 16), words);
  std::vector<uint32_t> via_vector;
  cluster().read_core(via_vector, 10, tt_cxy_pair(1, noc.x, noc.y), kAddress + 4096);
  EXPECT_EQ(via_vector, std::vector<uint32_t>({1, 2, 3}));  // 10 bytes: three words, the last cut
  std::vector<uint32_t> from_device = {7, 8, 9};
  ASSERT_TRUE(detail::WriteToDeviceL1(chips.at(0)->get_devices().at(0), {0, 0}, kAddress, from_device));
  const CoreCoord origin = chips.at(0)->worker_core_from_logical_core({0, 0});
  EXPECT_EQ(cluster().read_core(0, origin, kAddress, 12), from_device);
}

TEST_F(TtCluster, WriteCoreRefusesWhatIsNotAnOpenChipsWorkerL1) {
  const uint8_t byte = 1;
  EXPECT_NE(what_of([&] { cluster().write_core(&byte, 1, tt_cxy_pair(0, 0, 0), 0x80000); })
                .find("Cluster::write_core: (0, 0) on chip 0 is not the NOC coordinate of one of its 12 x 10 worker "
                      "cores or its ethernet cores"),
            std::string::npos);
  const CoreCoord noc = chips.at(0)->worker_core_from_logical_core({0, 0});
  EXPECT_NE(what_of([&] { cluster().write_core(&byte, 1, tt_cxy_pair(2, noc.x, noc.y), 0x80000); })
                .find("Chip 2 does not exist: the emulated cluster"),
            std::string::npos);
  EXPECT_NE(what_of([&] { cluster().write_core(&byte, 1, tt_cxy_pair(0, noc.x, noc.y), 0x7fffffff); }), "");
  chips.at(1)->close();
  chips.erase(1);
  EXPECT_NE(what_of([&] { cluster().write_core(&byte, 1, tt_cxy_pair(1, noc.x, noc.y), 0x80000); })
                .find("Cluster::write_core: chip 1 is not open"),
            std::string::npos);
}

// An ethernet core's L1 by its NOC coordinate (ethernet_core_from_logical_core)
// holds what detail::WriteToDeviceL1 wrote to the logical ethernet core, on
// that chip only, and apart from the worker cores' L1.
TEST_F(TtCluster, WriteCoreReachesAnEthernetCoresL1AsTheDeviceApiSeesIt) {
  constexpr uint32_t kEthAddress = 0x20000;
  const CoreCoord logical{0, 5};
  const CoreCoord noc = cluster().ethernet_core_from_logical_core(1, logical);
  const std::vector<uint8_t> bytes = pattern(3000, 11);
  cluster().write_core(bytes.data(), bytes.size(), tt_cxy_pair(1, noc.x, noc.y), kEthAddress);
  std::vector<uint8_t> back(bytes.size());
  ASSERT_TRUE(detail::ReadFromDeviceL1(chips.at(1).get(), logical, kEthAddress, std::span(back), tt::CoreType::ETH));
  EXPECT_EQ(back, bytes);
  std::vector<uint8_t> chip0(bytes.size());
  cluster().read_core(chip0.data(), chip0.size(), tt_cxy_pair(0, noc.x, noc.y), kEthAddress);
  EXPECT_NE(chip0, bytes);
  std::vector<uint8_t> neighbour(bytes.size());
  ASSERT_TRUE(detail::ReadFromDeviceL1(chips.at(1).get(), CoreCoord{0, 6}, kEthAddress, std::span(neighbour),
                                       tt::CoreType::ETH));
  EXPECT_NE(neighbour, bytes);
  uint8_t byte = 0;
  EXPECT_NE(what_of([&] { cluster().read_core(&byte, 1, tt_cxy_pair(1, noc.x, noc.y), 512 * 1024); })
                .find("runs past its 524288 bytes"),
            std::string::npos);
}

// Both chips have PCIe and the descriptor's Tensix harvest mask (3); the control
// plane's active ethernet cores are each chip's linked channels.
TEST_F(TtCluster, ChipCountsHarvestingAndActiveEthernetCoresAreTheDescriptors) {
  EXPECT_EQ(cluster().number_of_pci_devices(), 2u);
  EXPECT_EQ(cluster().number_of_user_devices(), 2u);
  EXPECT_EQ(cluster().get_harvesting_mask(0), 3u);
  EXPECT_EQ(cluster().get_harvesting_mask(1), 3u);
  EXPECT_NE(what_of([] { cluster().get_harvesting_mask(2); }).find("Chip 2 does not exist"), std::string::npos);
  const tt::tt_fabric::ControlPlane& plane = MetalContext::instance().get_control_plane();
  EXPECT_EQ(plane.get_active_ethernet_cores(0), std::unordered_set<CoreCoord>({{0, 2}, {0, 3}}));
  EXPECT_EQ(plane.get_active_ethernet_cores(1), std::unordered_set<CoreCoord>({{0, 4}, {0, 5}}));
  EXPECT_EQ(plane.get_active_ethernet_cores(1), chips.at(1)->get_active_ethernet_cores());
  EXPECT_THROW(plane.get_active_ethernet_cores(2), std::exception);
}

TEST_F(TtCluster, EthernetQueriesGiveTheDescriptorsLinks) {
  EXPECT_EQ(cluster().get_ethernet_connected_device_ids(0), std::unordered_set<ChipId>({1}));
  // Chip 0's channels 2 and 3 meet chip 1's 5 and 4: socket i of one end is linked to socket i of the other.
  EXPECT_EQ(cluster().get_ethernet_sockets(0, 1), std::vector<CoreCoord>({{0, 2}, {0, 3}}));
  EXPECT_EQ(cluster().get_ethernet_sockets(1, 0), std::vector<CoreCoord>({{0, 5}, {0, 4}}));
  EXPECT_EQ(cluster().get_connected_ethernet_core({0, CoreCoord{0, 3}}), std::make_tuple(1, CoreCoord{0, 4}));
  EXPECT_EQ(cluster().get_connected_ethernet_core({1, CoreCoord{0, 5}}), std::make_tuple(0, CoreCoord{0, 2}));
  EXPECT_TRUE(cluster().is_ethernet_link_up(1, {0, 4}));
  EXPECT_FALSE(cluster().is_ethernet_link_up(1, {0, 2}));
  EXPECT_NE(what_of([] { cluster().get_connected_ethernet_core({0, CoreCoord{0, 7}}); })
                .find("Ethernet core (x=0,y=7) of chip 0 is not linked to another chip"),
            std::string::npos);

  const auto connections = cluster().get_ethernet_connections();
  EXPECT_EQ(connections.at(0).size(), 2u);
  EXPECT_EQ(connections.at(0).at(2), std::make_tuple(1, 5));
  EXPECT_EQ(connections.at(1).at(4), std::make_tuple(0, 3));
  const auto grouped = cluster().get_ethernet_cores_grouped_by_connected_chips(1);
  ASSERT_EQ(grouped.size(), 1u);
  EXPECT_EQ(grouped.at(0), std::vector<CoreCoord>({{0, 4}, {0, 5}}));

  // The same cores and NOC coordinates the device shows.
  EXPECT_EQ(chips.at(0)->get_active_ethernet_cores(), std::unordered_set<CoreCoord>({{0, 2}, {0, 3}}));
  for (uint32_t channel : {0u, 5u, 13u}) {
    EXPECT_EQ(cluster().ethernet_core_from_logical_core(1, {0, channel}),
              chips.at(1)->ethernet_core_from_logical_core({0, channel}));
    EXPECT_EQ(cluster().get_virtual_eth_core_from_channel(1, static_cast<int>(channel)),
              chips.at(1)->ethernet_core_from_logical_core({0, channel}));
  }
}

}  // namespace

// read_reg answers a core's NOC coordinates from the registers tt-metal's
// NOC test reads (the Hal names them), identity translate tables, and
// refuses other registers; get_soc_desc lists one endpoint per DRAM bank.
TEST_F(TtCluster, ReadRegGivesACoresNocCoordinatesAndRefusesOtherRegisters) {
  const auto& hal = MetalContext::instance().hal();
  const std::shared_ptr<distributed::MeshDevice>& chip = chips.at(1);
  for (const tt::tt_metal::CoreCoord logical : {tt::tt_metal::CoreCoord{0, 0}, tt::tt_metal::CoreCoord{3, 2}, tt::tt_metal::CoreCoord{7, 9}}) {
    const tt::tt_metal::CoreCoord noc = chip->worker_core_from_logical_core(logical);
    for (const uint64_t reg : {uint64_t{hal.get_noc_encoding_reg()}, uint64_t{0xFFB20044}}) {
      uint32_t value = 0xDEADBEEF;
      cluster().read_reg(&value, tt_cxy_pair(1, noc), reg);
      EXPECT_EQ(value & hal.get_noc_node_id_mask(), noc.x) << logical.str();
      EXPECT_EQ((value >> hal.get_noc_addr_node_id_bits()) & hal.get_noc_node_id_mask(), noc.y) << logical.str();
    }
  }
  const tt::tt_metal::CoreCoord eth = chip->ethernet_core_from_logical_core({0, 1});
  EXPECT_EQ(chip->virtual_core_from_logical_core({0, 1}, tt::CoreType::ETH), eth);
  uint32_t value = 0;
  cluster().read_reg(&value, tt_cxy_pair(1, eth), hal.get_noc_encoding_reg());
  EXPECT_EQ(value, eth.x | (eth.y << 6));
  // Five-bit entries, six to a word: word 1 holds entries 6..11.
  cluster().read_reg(&value, tt_cxy_pair(1, eth), hal.get_noc_y_id_translate_table()[1]);
  uint32_t identity = 0;
  for (uint32_t j = 0; j < 6; ++j) identity |= (6 + j) << (5 * j);
  EXPECT_EQ(value, identity);
  EXPECT_NE(what_of([&] { cluster().read_reg(&value, tt_cxy_pair(1, eth), 0xFFB20000); }).find("not emulated"),
            std::string::npos);
  EXPECT_EQ(cluster().get_soc_desc(1).dram_bank_endpoint_coords.size(), static_cast<size_t>(chip->num_dram_channels()));
  EXPECT_EQ(cluster().get_soc_desc(1).get_dram_compute_grid_size(), tt::tt_metal::CoreCoord(chip->num_dram_channels(), 1));
  EXPECT_EQ(cluster().get_device_aiclk(1), 1350);
}
