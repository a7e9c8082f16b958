// tt-umd's names (boards, core kinds, architectures), and the emulated
// cluster (metalium/emulator_options.h) as tt-umd and tt-metal's cluster
// describe it.
#include <tt-metalium/cluster.hpp>
#include <tt_metal/common/tt_backend_api_types.hpp>
#include <tt_metal/impl/context/metal_context.hpp>
#include <umd/device/cluster.hpp>
#include <umd/device/types/core_coordinates.hpp>
#include <umd/device/simulation/simulation_chip.hpp>

#include <array>
#include <stdexcept>
#include <utility>

#include <tt_stl/assert.hpp>

#include "metalium/emulator_options.h"

namespace tt {
namespace {

constexpr std::array<std::pair<std::string_view, BoardType>, 14> kBoardNames{{
    {"n150", N150}, {"n300", N300}, {"p100", P100}, {"p150", P150}, {"p300", P300}, {"ubb", UBB},
    {"ubb_blackhole", UBB_BLACKHOLE}, {"ubb_wormhole", UBB_WORMHOLE}, {"quasar", QUASAR_BOARD},
    {"unknown", UNKNOWN}, {"p150a", P150}, {"p150c", P150}, {"p300a", P300}, {"p300c", P300},
}};

}  // namespace

BoardType board_type_from_string(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [known, type] : kBoardNames)
    if (known == lower) return type;
  return UNKNOWN;
}

std::string board_type_to_string(BoardType board_type) {
  // The first name of each type is its canonical one.
  for (const auto& [name, type] : kBoardNames)
    if (type == board_type) return std::string(name);
  throw std::runtime_error(fmt::format("board type {} is not one tt-umd knows", static_cast<uint32_t>(board_type)));
}

std::string to_str(CoreType core_type) {
  switch (core_type) {
    case CoreType::ARC: return "ARC";
    case CoreType::DRAM: return "DRAM";
    case CoreType::ACTIVE_ETH: return "ACTIVE_ETH";
    case CoreType::IDLE_ETH: return "IDLE_ETH";
    case CoreType::PCIE: return "PCIE";
    case CoreType::TENSIX: return "TENSIX";
    case CoreType::ROUTER_ONLY: return "ROUTER_ONLY";
    case CoreType::SECURITY: return "SECURITY";
    case CoreType::L2CPU: return "L2CPU";
    case CoreType::DISPATCH: return "DISPATCH";
    case CoreType::HARVESTED: return "HARVESTED";
    case CoreType::ETH: return "ETH";
    case CoreType::WORKER: return "WORKER";
    case CoreType::UNSPECIFIED: return "UNSPECIFIED";
    default: return "UNKNOWN";
  }
}

std::string get_string(ARCH arch) {
  switch (arch) {
    case ARCH::WORMHOLE_B0: return "WORMHOLE_B0";
    case ARCH::BLACKHOLE: return "BLACKHOLE";
    default: return "Invalid";
  }
}

std::string get_string_lowercase(ARCH arch) {
  switch (arch) {
    case ARCH::WORMHOLE_B0: return "wormhole_b0";
    case ARCH::BLACKHOLE: return "blackhole";
    default: return "invalid";
  }
}

std::string get_alias(ARCH arch) {
  switch (arch) {
    case ARCH::WORMHOLE_B0: return "wormhole";
    case ARCH::BLACKHOLE: return "blackhole";
    default: return "invalid";
  }
}

ARCH get_arch_from_string(const std::string& arch_str) {
  if (arch_str == "wormhole_b0" || arch_str == "WORMHOLE_B0") return ARCH::WORMHOLE_B0;
  if (arch_str == "blackhole" || arch_str == "BLACKHOLE") return ARCH::BLACKHOLE;
  if (arch_str == "quasar" || arch_str == "QUASAR") return ARCH::QUASAR;
  if (arch_str == "Invalid" || arch_str == "INVALID") return ARCH::Invalid;
  throw std::runtime_error(arch_str + " is not recognized as tt::ARCH.");
}

namespace {
const zyxtt::cluster::Cluster& emulated() { return zyxtt::metalium::emulated_cluster(); }

const zyxtt::cluster::Chip& chip_of(ChipId chip) { return zyxtt::metalium::emulated_chip(chip); }

BoardType board_type_of(zyxtt::cluster::Board board) {
  switch (board) {
    case zyxtt::cluster::Board::kP100: return P100;
    case zyxtt::cluster::Board::kP150: return P150;
    case zyxtt::cluster::Board::kP300: return P300;
    case zyxtt::cluster::Board::kGalaxy: return UBB_BLACKHOLE;
  }
  return UNKNOWN;
}
}  // namespace

std::set<ChipId> Cluster::all_chip_ids() const {
  std::set<ChipId> ids;
  for (const auto& chip : emulated().chips()) ids.insert(static_cast<ChipId>(chip.id));
  return ids;
}
std::set<ChipId> Cluster::mmio_chip_ids() const {
  std::set<ChipId> ids;
  for (const auto& chip : emulated().chips())
    if (chip.mmio) ids.insert(static_cast<ChipId>(chip.id));
  return ids;
}
std::set<ChipId> Cluster::user_exposed_chip_ids() const { return all_chip_ids(); }

BoardType Cluster::get_board_type(ChipId chip) const { return board_type_of(chip_of(chip).board); }

uint32_t Cluster::get_harvesting_mask(ChipId chip) const { return chip_of(chip).harvesting.tensix_columns; }

tt_metal::ClusterType Cluster::get_cluster_type() const {
  using zyxtt::cluster::SystemKind;
  switch (emulated().kind()) {
    case SystemKind::kP100: return tt_metal::ClusterType::P100;
    case SystemKind::kP150: return tt_metal::ClusterType::P150;
    case SystemKind::kP150x2: return tt_metal::ClusterType::P150_X2;
    case SystemKind::kP150x4: return tt_metal::ClusterType::P150_X4;
    case SystemKind::kP150x8: return tt_metal::ClusterType::P150_X8;
    case SystemKind::kP300: return tt_metal::ClusterType::P300;
    case SystemKind::kP300x2: return tt_metal::ClusterType::P300_X2;
    case SystemKind::kGalaxy: return tt_metal::ClusterType::BLACKHOLE_GALAXY;
    case SystemKind::kCustom: break;
  }
  return tt_metal::ClusterType::CUSTOM;
}

std::vector<std::vector<ChipId>> Cluster::get_tunnels_from_mmio_device(ChipId mmio_chip) const {
  const std::set<ChipId> mmio = mmio_chip_ids();
  TT_FATAL(mmio.count(mmio_chip) == 1, "Chip {} is not a chip with PCIe in the emulated cluster {}", mmio_chip,
           emulated().source());
  // Each chip without PCIe that the host reaches through `mmio_chip`, as a
  // tunnel of its own starting at it.
  std::vector<std::vector<ChipId>> tunnels;
  for (const auto& chip : emulated().chips())
    if (!chip.mmio && emulated().mmio_chip_for(chip.id) == static_cast<uint32_t>(mmio_chip))
      tunnels.push_back({mmio_chip, static_cast<ChipId>(chip.id)});
  return tunnels;
}

namespace umd {

std::unordered_set<ChipId> ClusterDescriptor::get_all_chips() const {
  std::unordered_set<ChipId> chips;
  for (const auto& [chip, arch] : chips_) chips.insert(chip);
  return chips;
}

ARCH ClusterDescriptor::get_arch(ChipId chip) const {
  auto it = chips_.find(chip);
  TT_FATAL(it != chips_.end(), "Chip {} is not in the cluster descriptor", chip);
  return it->second;
}

std::unique_ptr<ClusterDescriptor> Cluster::create_cluster_descriptor() {
  std::map<ChipId, ARCH> chips;
  for (const auto& chip : emulated().chips()) chips[static_cast<ChipId>(chip.id)] = ARCH::BLACKHOLE;
  return std::make_unique<ClusterDescriptor>(std::move(chips));
}

ARCH SocDescriptor::get_arch_from_soc_descriptor_path(const std::string& path) {
  TT_THROW("SoC descriptor {}: tt-umd's simulator is not available here; the emulator needs no TT_METAL_SIMULATOR",
           path);
}

std::string SimulationChip::get_soc_descriptor_path_from_simulator_path(const std::filesystem::path& simulator_path) {
  TT_THROW("simulator {}: tt-umd's simulator is not available here; the emulator needs no TT_METAL_SIMULATOR",
           simulator_path.string());
}

}  // namespace umd

namespace tt_metal {

ClusterType GetClusterType() { return MetalContext::instance().get_cluster().get_cluster_type(); }

}  // namespace tt_metal
}  // namespace tt
