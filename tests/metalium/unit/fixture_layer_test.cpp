// What tt-metal's shared test fixtures and env_vars.hpp ask of its internals
// (MetalContext, tt::Cluster, tt-umd's descriptors, architecture names),
// answered for the emulated system: one Blackhole P100A, chip 0, with PCIe.
#include <gtest/gtest.h>

#include "scoped_env.h"
#include "what_of.h"

#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <stdexcept>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/cluster.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt_metal/common/tt_backend_api_types.hpp>
#include <tt_stl/reflection.hpp>
#include <tt_metal/impl/context/metal_context.hpp>
#include <tt_metal/impl/kernels/kernel.hpp>
#include <tt_metal/llrt/hal.hpp>
#include <tt_metal/llrt/rtoptions.hpp>
#include <umd/device/cluster.hpp>
#include <umd/device/simulation/simulation_chip.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace {

using tt::tt_metal::MetalContext;

TEST(FixtureLayer, TheClusterIsOneBlackholeChipWithPcie) {
  const tt::Cluster& cluster = MetalContext::instance().get_cluster();
  EXPECT_EQ(cluster.all_chip_ids(), std::set<tt::ChipId>{0});
  EXPECT_EQ(cluster.mmio_chip_ids(), std::set<tt::ChipId>{0});
  EXPECT_EQ(cluster.user_exposed_chip_ids(), std::set<tt::ChipId>{0});
  EXPECT_EQ(cluster.number_of_devices(), tt::tt_metal::GetNumAvailableDevices());
  EXPECT_EQ(cluster.arch(), tt::ARCH::BLACKHOLE);
  EXPECT_EQ(cluster.get_board_type(0), tt::BoardType::P100);
  EXPECT_EQ(cluster.get_cluster_type(), tt::tt_metal::ClusterType::P100);
  EXPECT_EQ(tt::tt_metal::GetClusterType(), tt::tt_metal::ClusterType::P100);
  EXPECT_TRUE(cluster.get_tunnels_from_mmio_device(0).empty());
  EXPECT_TRUE(cluster.is_mock_or_emulated());
}

TEST(FixtureLayer, AChipTheClusterLacksIsNamed) {
  const tt::Cluster& cluster = MetalContext::instance().get_cluster();
  EXPECT_NE(what_of([&] { cluster.get_board_type(3); }).find("Chip 3 does not exist"), std::string::npos);
  EXPECT_NE(what_of([] { tt::umd::Cluster::create_cluster_descriptor()->get_arch(1); }).find("Chip 1"),
            std::string::npos);
}

TEST(FixtureLayer, TheUmdDescriptorAgreesWithTheCluster) {
  const auto descriptor = tt::umd::Cluster::create_cluster_descriptor();
  const auto chips = descriptor->get_all_chips();
  ASSERT_EQ(chips.size(), 1u);
  EXPECT_EQ(descriptor->get_arch(*chips.begin()), MetalContext::instance().get_cluster().arch());
}

TEST(FixtureLayer, OptionsAndHalAreTtMetalsDefaults) {
  EXPECT_FALSE(MetalContext::instance().rtoptions().get_simulator_enabled());
  // tt-metal's tests that want a simulator or an emulator run (test_multi_dm_add_two_ints ...).
  EXPECT_TRUE(MetalContext::instance().rtoptions().is_simulator_or_emulated());
  EXPECT_EQ(MetalContext::instance().rtoptions().get_target_device(), tt::TargetDevice::Emule);
  EXPECT_EQ(MetalContext::instance().rtoptions().get_dispatch_core_config().get_dispatch_core_type(),
            tt::tt_metal::DispatchCoreType::WORKER);
  EXPECT_EQ(MetalContext::instance().hal().get_arch_num_circular_buffers(), 64u);
  EXPECT_EQ(&MetalContext::instance(), &MetalContext::instance());
}

// DPRINT is on as TT_METAL_DPRINT_CORES asks; the features the emulator lacks are off.
TEST(FixtureLayer, DprintIsTheOneDebugFeatureAndFollowsTtMetalDprintCores) {
  const auto& options = MetalContext::instance().rtoptions();
  const test_support::ScopedEnv cores("TT_METAL_DPRINT_CORES", std::nullopt);
  EXPECT_FALSE(options.get_feature_enabled(tt::llrt::RunTimeDebugFeatureDprint));
  cores.set("(0,0),(1,0)");
  EXPECT_TRUE(options.get_feature_enabled(tt::llrt::RunTimeDebugFeatureDprint));
  EXPECT_FALSE(options.get_feature_enabled(tt::llrt::RunTimeDebugFeatureReadDebugDelay));
  EXPECT_FALSE(options.get_feature_enabled(tt::llrt::RunTimeDebugFeatureEnableL1DataCache));
}

// The root folder: TT_METAL_RUNTIME_ROOT over TT_METAL_HOME, with one trailing '/'.
TEST(FixtureLayer, TheRootDirIsTheRuntimeRootElseTtMetalHome) {
  const auto& options = MetalContext::instance().rtoptions();
  const test_support::ScopedEnv home("TT_METAL_HOME", "/tmp/home-of-tt-metal");
  const test_support::ScopedEnv root("TT_METAL_RUNTIME_ROOT", "/tmp/runtime-root/");
  EXPECT_EQ(options.get_root_dir(), "/tmp/runtime-root/");
  root.set(std::nullopt);
  EXPECT_EQ(options.get_root_dir(), "/tmp/home-of-tt-metal/");
}

// The context is given up only with every device closed; a device opens again after.
TEST(FixtureLayer, ReleaseOwnershipWantsEveryDeviceClosed) {
  auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  EXPECT_NE(what_of([] { tt::tt_metal::detail::ReleaseOwnership(); }).find("still open"), std::string::npos);
  mesh->close();
  mesh.reset();
  tt::tt_metal::detail::ReleaseOwnership();
  auto again = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  EXPECT_EQ(again->id(), 0);
  again->close();
}

// Blackhole's RISC-Vs by core type and class (tt-metal's bh_hal_*.cpp): what
// test_runtime_args and the watcher tests size their per-processor args by.
TEST(FixtureLayer, TheHalCountsBlackholesProcessorsPerClass) {
  using tt::tt_metal::HalProgrammableCoreType;
  const auto& hal = MetalContext::instance().hal();
  EXPECT_EQ(hal.get_processor_classes_count(HalProgrammableCoreType::TENSIX), 2u);
  EXPECT_EQ(hal.get_processor_types_count(HalProgrammableCoreType::TENSIX, 0), 2u);  // BRISC, NCRISC
  EXPECT_EQ(hal.get_processor_types_count(HalProgrammableCoreType::TENSIX, 1), 3u);  // TRISC0-2
  EXPECT_EQ(hal.get_processor_types_count(0u, 1), 3u);                                // TENSIX by index
  EXPECT_EQ(hal.get_processor_types_count(HalProgrammableCoreType::ACTIVE_ETH, 0), 2u);
  EXPECT_EQ(hal.get_processor_types_count(HalProgrammableCoreType::DRAM, 0), 1u);
  EXPECT_EQ(hal.get_num_risc_processors(HalProgrammableCoreType::TENSIX), 5u);
  // Blackhole's ethernet kernels run on ERISCs of their own (bh_hal.cpp), so
  // tt-metal's eth tests put each on the NOC of its processor.
  EXPECT_FALSE(hal.get_eth_fw_is_cooperative());
  EXPECT_NE(what_of([&] { hal.get_processor_types_count(HalProgrammableCoreType::IDLE_ETH, 1); })
                .find("A IDLE_ETH core has no processor class 1"),
            std::string::npos);
  EXPECT_NE(what_of([&] { hal.get_processor_types_count(7u, 0); }).find("core type 7 does not exist"),
            std::string::npos);
}

// test_stress_noc_mcast offsets its kernels' coordinates by logical (0, 0)'s
// when the Hal says coordinates are virtualized, as on every Blackhole.
TEST(FixtureLayer, TheHalsVirtualWorkerStartIsWhereLogicalOriginSits) {
  const auto& hal = MetalContext::instance().hal();
  EXPECT_TRUE(hal.is_coordinate_virtualization_enabled());
  auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  const tt::tt_metal::CoreCoord origin = mesh->worker_core_from_logical_core({0, 0});
  EXPECT_EQ(hal.get_virtual_worker_start_x(), origin.x);
  EXPECT_EQ(hal.get_virtual_worker_start_y(), origin.y);
  EXPECT_EQ(origin, tt::tt_metal::CoreCoord(1, 2));
  mesh->close();
}

TEST(FixtureLayer, TheSimulatorIsRefusedSayingTheEmulatorNeedsNone) {
  EXPECT_NE(what_of([] { tt::umd::SimulationChip::get_soc_descriptor_path_from_simulator_path("/sim"); })
                .find("needs no TT_METAL_SIMULATOR"),
            std::string::npos);
}

// hal:: answers without a device, and as the device's allocator will.
TEST(Hal, AnswersTheEmulatedArchsFactsBeforeAnyDevice) {
  namespace hal = tt::tt_metal::hal;
  EXPECT_EQ(hal::get_arch(), tt::ARCH::BLACKHOLE);
  EXPECT_EQ(hal::get_arch_name(), "blackhole");
  EXPECT_EQ(hal::get_l1_size(), 1536u * 1024);
  EXPECT_EQ(hal::get_dram_alignment(), 64u);
  EXPECT_EQ(hal::get_l1_alignment(), 16u);
  EXPECT_EQ(hal::get_pcie_alignment(), 64u);
  EXPECT_EQ(hal::get_arch_num_circular_buffers(), 64u);
  EXPECT_FLOAT_EQ(hal::get_eps(), 1.19209e-7f);
  // An active ethernet core's 512 KiB, kernels' part from 64 KiB up (eth_l1_address_map.h).
  EXPECT_EQ(hal::get_erisc_l1_unreserved_base(), 0x10000u);
  EXPECT_EQ(hal::get_erisc_l1_unreserved_size(), 512u * 1024 - 0x10000);
  const auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  const auto& allocator = mesh->allocator();
  EXPECT_EQ(hal::get_l1_alignment(), allocator->get_alignment(tt::tt_metal::BufferType::L1));
  EXPECT_EQ(hal::get_dram_alignment(), allocator->get_alignment(tt::tt_metal::BufferType::DRAM));
  EXPECT_EQ(hal::get_max_worker_l1_unreserved_size(),
            hal::get_l1_size() - allocator->get_base_allocator_addr(tt::tt_metal::HalMemType::L1));
  mesh->close();
}

// Hal::get_dev_addr: free L1 where the allocator's starts (Tensix) and where
// hal:: puts an ethernet core's; regions the emulator lacks are refused.
TEST(Hal, DevAddrAndSizeGiveTheUnreservedL1AndRefuseOtherRegions) {
  using tt::tt_metal::HalL1MemAddrType;
  using tt::tt_metal::HalProgrammableCoreType;
  const auto& hal = MetalContext::instance().hal();
  EXPECT_EQ(hal.get_dev_addr(HalProgrammableCoreType::ACTIVE_ETH, HalL1MemAddrType::UNRESERVED),
            tt::tt_metal::hal::get_erisc_l1_unreserved_base());
  const auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  EXPECT_EQ(hal.get_dev_addr(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::DEFAULT_UNRESERVED),
            mesh->allocator()->get_base_allocator_addr(tt::tt_metal::HalMemType::L1));
  // The sizes run from there to the end of the core's L1 (the device's own
  // figure for Tensix, 512 KiB for ethernet), so a test that fills them fits.
  EXPECT_EQ(hal.get_dev_size(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::UNRESERVED),
            mesh->l1_size_per_core() - mesh->allocator()->get_base_allocator_addr(tt::tt_metal::HalMemType::L1));
  EXPECT_EQ(hal.get_dev_size(HalProgrammableCoreType::ACTIVE_ETH, HalL1MemAddrType::UNRESERVED),
            512 * 1024 - tt::tt_metal::hal::get_erisc_l1_unreserved_base());
  EXPECT_EQ(hal.get_dev_size(HalProgrammableCoreType::IDLE_ETH, HalL1MemAddrType::BASE), 512u * 1024);
  mesh->close();
  EXPECT_NE(what_of([&] { hal.get_dev_addr(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::MAILBOX); })
                .find("MAILBOX"),
            std::string::npos);
  EXPECT_NE(what_of([&] { hal.get_dev_size(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::MAILBOX); })
                .find("MAILBOX"),
            std::string::npos);
}

// The Hal's NOC register addresses are Blackhole's (tt-metal's noc_parameters.h:
// NOC 0's registers at 0xFFB20000, NOC_CFG(i) at +0x100 + 4i); DRAM cores are
// opt-in and not emulated; DRAM's free region starts where the allocator's does.
TEST(Hal, NocRegistersAlignmentsAndDramRegionsAreBlackholes) {
  using tt::tt_metal::HalDramMemAddrType;
  using tt::tt_metal::HalL1MemAddrType;
  using tt::tt_metal::HalMemType;
  using tt::tt_metal::HalProgrammableCoreType;
  const auto& hal = MetalContext::instance().hal();
  EXPECT_TRUE(hal.has_programmable_core_type(HalProgrammableCoreType::TENSIX));
  EXPECT_TRUE(hal.has_programmable_core_type(HalProgrammableCoreType::ACTIVE_ETH));
  EXPECT_TRUE(hal.has_programmable_core_type(HalProgrammableCoreType::IDLE_ETH));
  EXPECT_FALSE(hal.has_programmable_core_type(HalProgrammableCoreType::DRAM));
  EXPECT_EQ(hal.get_alignment(HalMemType::L1), 16u);
  EXPECT_EQ(hal.get_alignment(HalMemType::DRAM), 64u);
  EXPECT_EQ(hal.get_alignment(HalMemType::HOST), 64u);
  EXPECT_EQ(hal.get_dev_noc_addr(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::UNRESERVED),
            hal.get_dev_addr(HalProgrammableCoreType::TENSIX, HalL1MemAddrType::UNRESERVED));
  EXPECT_NE(what_of([&] { hal.get_l1_noc_offset(HalProgrammableCoreType::DRAM); }).find("opt-in"),
            std::string::npos);
  EXPECT_EQ(hal.get_noc_encoding_reg(), 0xFFB20148u);
  EXPECT_EQ(hal.get_noc_addr_node_id_bits(), 6u);
  EXPECT_EQ(hal.get_noc_node_id_mask(), 63u);
  ASSERT_EQ(hal.get_noc_x_id_translate_table().size(), 6u);
  EXPECT_EQ(hal.get_noc_x_id_translate_table()[0], 0xFFB20118u);
  EXPECT_EQ(hal.get_noc_y_id_translate_table()[5], 0xFFB20144u);
  const auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  EXPECT_EQ(hal.get_dev_addr(HalDramMemAddrType::UNRESERVED),
            mesh->allocator()->get_base_allocator_addr(HalMemType::DRAM));
  EXPECT_EQ(hal.get_dev_size(HalDramMemAddrType::UNRESERVED),
            mesh->dram_size_per_channel() - mesh->allocator()->get_base_allocator_addr(HalMemType::DRAM));
  EXPECT_EQ(mesh->build_id(), mesh->id());
  mesh->close();
  EXPECT_NE(what_of([&] { hal.get_dev_addr(HalDramMemAddrType::BARRIER); }).find("BARRIER"), std::string::npos);
  tt::tt_metal::Program program = tt::tt_metal::CreateProgram();
  EXPECT_NE(what_of([&] {
              tt::tt_metal::CreateKernelFromString(program, "void kernel_main() {}", tt::tt_metal::CoreCoord{0, 0},
                                                   tt::tt_metal::DramConfig{});
            }).find("opt-in"),
            std::string::npos);
}

// The fabric joins chips; one chip has none to join.
TEST(Fabric, OnlyDisabledIsAcceptedOnOneChip) {
  using namespace tt::tt_fabric;
  EXPECT_NO_THROW(SetFabricConfig(FabricConfig::DISABLED));
  EXPECT_EQ(GetFabricConfig(), FabricConfig::DISABLED);
  EXPECT_NE(what_of([] { SetFabricConfig(FabricConfig::FABRIC_2D); }).find("FabricConfig::FABRIC_2D"), std::string::npos);
  EXPECT_TRUE(is_1d_fabric_config(FabricConfig::FABRIC_1D_RING));
  EXPECT_FALSE(is_1d_fabric_config(FabricConfig::FABRIC_2D));
  EXPECT_TRUE(is_2d_fabric_config(FabricConfig::FABRIC_2D_TORUS_XY));
  EXPECT_TRUE(has_flag(FabricType::TORUS_XY, FabricType::TORUS_Y));
  EXPECT_FALSE(has_flag(FabricType::MESH, FabricType::TORUS_X));
  EXPECT_TRUE(has_flag(FabricManagerMode::DEFAULT, FabricManagerMode::INIT_FABRIC));
}

TEST(Reflection, FormatsOptionalsRangesAndEnums) {
  EXPECT_EQ(fmt::format("{}", std::optional<int>(3)), "3");
  EXPECT_EQ(fmt::format("{}", std::optional<int>()), "nullopt");
  EXPECT_EQ(fmt::format("{}", std::vector<int>{1, 2}), "[1, 2]");
  EXPECT_EQ(fmt::format("{}", tt::tt_fabric::FabricUDMMode::ENABLED), "FabricUDMMode::ENABLED");
}

TEST(ArchNames, AsTtMetalAndUmdSpellThem) {
  EXPECT_EQ(tt::get_string(tt::ARCH::BLACKHOLE), "BLACKHOLE");
  EXPECT_EQ(tt::get_string_lowercase(tt::ARCH::WORMHOLE_B0), "wormhole_b0");
  EXPECT_EQ(tt::get_alias(tt::ARCH::WORMHOLE_B0), "wormhole");
  EXPECT_EQ(tt::get_arch_from_string("BLACKHOLE"), tt::ARCH::BLACKHOLE);
  EXPECT_EQ(tt::get_arch_from_string("quasar"), tt::ARCH::QUASAR);
  EXPECT_THROW(tt::get_arch_from_string("grayskull"), std::runtime_error);
  EXPECT_EQ(tt::arch_to_str(tt::ARCH::BLACKHOLE), "blackhole");
  EXPECT_EQ(tt::arch_from_str("Wormhole"), tt::ARCH::WORMHOLE_B0);
  EXPECT_EQ(tt::arch_from_str("p100"), tt::ARCH::Invalid);
  EXPECT_EQ(fmt::format("{}", tt::ARCH::QUASAR), "quasar");
}

TEST(CoreKinds, AreTtUmdsWithTheirNamesAndCoordinates) {
  EXPECT_EQ(tt::to_str(tt::CoreType::WORKER), "WORKER");
  EXPECT_EQ(tt::to_str(tt::CoreType::DISPATCH), "DISPATCH");
  EXPECT_EQ(tt::to_str(tt::CoreType::COUNT), "UNKNOWN");
  EXPECT_EQ(static_cast<int>(tt::CoreType::UNSPECIFIED), 14);
  const tt::umd::CoreCoord a(1, 2, tt::CoreType::TENSIX, tt::CoordSystem::TRANSLATED);
  EXPECT_EQ(a, tt::umd::CoreCoord(1, 2, tt::CoreType::TENSIX, tt::CoordSystem::TRANSLATED));
  EXPECT_FALSE(a == tt::umd::CoreCoord(1, 2));  // kind and system count
  EXPECT_TRUE(tt::umd::CoreCoord(0, 9) < a);  // x first
  EXPECT_FALSE(tt::umd::CoreCoord(1, 9) < a);
}

TEST(BoardNames, VariantsMapToTheirBoardAndBack) {
  EXPECT_EQ(tt::board_type_from_string("P150c"), tt::BoardType::P150);
  EXPECT_EQ(tt::board_type_from_string("p300a"), tt::BoardType::P300);
  EXPECT_EQ(tt::board_type_from_string("wormhole"), tt::BoardType::UNKNOWN);
  EXPECT_EQ(tt::board_type_to_string(tt::BoardType::P150), "p150");
  EXPECT_EQ(tt::board_type_to_string(tt::BoardType::UBB_WORMHOLE), "ubb");
  EXPECT_EQ(static_cast<uint32_t>(tt::BoardType::UNKNOWN), 12u);
  EXPECT_THROW(tt::board_type_to_string(static_cast<tt::BoardType>(40)), std::runtime_error);
}

}  // namespace
