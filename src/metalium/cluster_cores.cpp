// tt::Cluster's access to a chip's cores and its ethernet queries, over the
// emulated cluster: host writes and reads of a worker core's L1 named by NOC
// coordinates, and the links between chips' ethernet channels.
#include <tt_metal/llrt/tt_cluster.hpp>

#include <algorithm>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <span>

#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

#include "device/arch.h"
#include "metalium/backend.h"
#include "metalium/emulator_options.h"
#include "metalium/ethernet_channel.h"
#include "zyxtt/noc_addr.h"
#include "zyxtt/noc_regs.h"

namespace tt {
namespace {

using tt_metal::CoreCoord;

const zyxtt::cluster::Cluster& emulated() { return zyxtt::metalium::emulated_cluster(); }

const zyxtt::cluster::Chip& chip_of(ChipId chip) { return zyxtt::metalium::emulated_chip(chip); }

// The open device of `core.chip` and the L1 address of the worker or
// ethernet core at NOC (core.x, core.y).
std::pair<std::shared_ptr<zyxtt::Device>, zyxtt::RawAddress> core_l1(const char* call, const tt_cxy_pair& core,
                                                                     uint64_t addr) {
  const ChipId chip = static_cast<ChipId>(core.chip);
  const zyxtt::Arch& arch = *chip_of(chip).arch;
  const auto x = static_cast<uint32_t>(core.x), y = static_cast<uint32_t>(core.y);
  const auto worker = zyxtt::worker_at_noc(arch, x, y);
  const auto eth = zyxtt::eth_at_noc(x, y);
  TT_FATAL((worker.has_value() && worker->x < arch.grid_cols && worker->y < arch.grid_rows) || eth.has_value(),
           "Cluster::{}: ({}, {}) on chip {} is not the NOC coordinate of one of its {} x {} worker cores or its "
           "ethernet cores (the emulator's host access reaches worker and ethernet L1; DRAM through "
           "WriteToDeviceDRAMChannel)",
           call, core.x, core.y, chip, arch.grid_cols, arch.grid_rows);
  std::shared_ptr<zyxtt::Device> device = zyxtt::metalium::opened_device(static_cast<uint32_t>(chip));
  TT_FATAL(device != nullptr,
           "Cluster::{}: chip {} is not open; open it (CreateDevice, a MeshDevice) first: an emulated chip holds "
           "its memory only while open",
           call, chip);
  zyxtt::RawAddress at;
  at.memory = zyxtt::program::MemoryKind::kL1;
  if (eth) {
    at.eth_channel = *eth;
  } else {
    at.core = {worker->x, worker->y};
  }
  at.address = addr;
  return {std::move(device), at};
}

uint32_t channel_of(ChipId chip, int channel) {
  chip_of(chip);
  TT_FATAL(channel >= 0 && static_cast<uint32_t>(channel) < zyxtt::kEthChannels,
           "Ethernet channel {} does not exist: a Blackhole's are 0 to {}", channel, zyxtt::kEthChannels - 1);
  return static_cast<uint32_t>(channel);
}

std::optional<zyxtt::cluster::EthEnd> peer_of(ChipId chip, const CoreCoord& logical) {
  chip_of(chip);
  return emulated().peer({static_cast<uint32_t>(chip), zyxtt::metalium::ethernet_channel_of(logical)});
}

}  // namespace

void Cluster::write_core(const void* mem_ptr, uint32_t sz_in_bytes, tt_cxy_pair core, uint64_t addr) const {
  auto [device, at] = core_l1("write_core", core, addr);
  device->write_raw(at, std::span(static_cast<const std::byte*>(mem_ptr), sz_in_bytes));
}

void Cluster::read_core(void* mem_ptr, uint32_t size_in_bytes, tt_cxy_pair core, uint64_t addr) const {
  auto [device, at] = core_l1("read_core", core, addr);
  device->read_raw(at, std::span(static_cast<std::byte*>(mem_ptr), size_in_bytes));
}

void Cluster::read_reg(std::uint32_t* mem_ptr, tt_cxy_pair target, uint64_t addr) const {
  namespace r = zyxtt::noc_regs;
  core_l1("read_reg", target, 0);  // an open chip's worker or ethernet core
  const auto coords = static_cast<uint32_t>(target.x | (target.y << r::kNodeIdBits));
  const bool noc_regs = addr >= r::kNocRegsStart && addr < r::kNocRegsStart + 2 * r::kNocInstanceSpan;
  const uint64_t offset = noc_regs ? (addr - r::kNocRegsStart) % r::kNocInstanceSpan : ~uint64_t{0};
  const bool noc0 = addr < r::kNocRegsStart + r::kNocInstanceSpan;
  const auto table = [&](uint32_t first) -> std::optional<uint32_t> {
    const uint64_t word = (offset - r::kCfgBase) / 4;
    if (offset < r::kCfgBase || offset % 4 != 0 || word < first || word >= first + r::kCfgTranslateWords)
      return std::nullopt;
    uint32_t value = 0;  // identity: entry i holds i
    const uint32_t per_word = 32 / r::kTranslateEntryBits;
    for (uint32_t j = 0; j < per_word; ++j) {
      const uint32_t entry = static_cast<uint32_t>(word - first) * per_word + j;
      if (entry < 32) value |= entry << (j * r::kTranslateEntryBits);
    }
    return value;
  };
  if (offset == r::kNodeId && noc0) {
    *mem_ptr = coords;
  } else if (offset == r::kCfgBase + 4 * r::kCfgIdLogical) {  // translated coordinates: alike on both NOCs
    *mem_ptr = coords;
  } else if (auto x = table(r::kCfgXIdTranslate0)) {
    *mem_ptr = *x;
  } else if (auto y = table(r::kCfgYIdTranslate0)) {
    *mem_ptr = *y;
  } else {
    TT_THROW("Cluster::read_reg: register {:#x} is not emulated; the emulator answers NOC 0's node id ({:#x}), "
             "either NOC's translated coordinates ({:#x}) and id translate tables",
             addr, r::kNocRegsStart + r::kNodeId, r::cfg_addr(r::kCfgIdLogical));
  }
}

const metal_SocDescriptor& Cluster::get_soc_desc(ChipId chip) const {
  const uint32_t banks = chip_of(chip).arch->dram_banks;  // refuses a chip the cluster lacks
  static std::mutex mutex;
  static std::map<ChipId, metal_SocDescriptor> descs;  // references stay valid as it grows
  std::lock_guard lock(mutex);
  metal_SocDescriptor& d = descs[chip];
  if (d.dram_bank_endpoint_coords.empty()) {
    for (uint32_t bank = 0; bank < banks; ++bank)
      d.dram_bank_endpoint_coords.push_back({CoreCoord(zyxtt::noc::kDramX, bank)});
  }
  return d;
}

int Cluster::get_device_aiclk(const ChipId& chip_id) const {
  chip_of(chip_id);
  return static_cast<int>(zyxtt::kBlackholeClockMhz);
}

void Cluster::read_core(std::vector<uint32_t>& data, uint32_t size_in_bytes, tt_cxy_pair core, uint64_t addr) const {
  data.assign((size_in_bytes + sizeof(uint32_t) - 1) / sizeof(uint32_t), 0);
  read_core(data.data(), size_in_bytes, core, addr);
}

std::unordered_set<ChipId> Cluster::get_ethernet_connected_device_ids(ChipId chip_id) const {
  chip_of(chip_id);
  std::unordered_set<ChipId> out;
  for (uint32_t chip : emulated().neighbours(static_cast<uint32_t>(chip_id))) out.insert(static_cast<ChipId>(chip));
  return out;
}

bool Cluster::is_ethernet_link_up(ChipId chip_id, const CoreCoord& logical_core) const {
  return peer_of(chip_id, logical_core).has_value();
}

std::tuple<ChipId, CoreCoord> Cluster::get_connected_ethernet_core(std::tuple<ChipId, CoreCoord> eth_core) const {
  const auto& [chip, logical] = eth_core;
  const auto peer = peer_of(chip, logical);
  TT_FATAL(peer.has_value(), "Ethernet core {} of chip {} is not linked to another chip (cluster {})", logical.str(),
           chip, emulated().source());
  return {static_cast<ChipId>(peer->chip), CoreCoord{0, peer->channel}};
}

std::vector<CoreCoord> Cluster::get_ethernet_sockets(ChipId local_chip, ChipId remote_chip) const {
  chip_of(local_chip);
  chip_of(remote_chip);
  // (local channel, remote channel) of every link between the two, in the
  // lower-numbered chip's channel order, which both ends then share.
  std::vector<std::pair<uint32_t, uint32_t>> links;
  for (uint32_t channel : emulated().active_channels(static_cast<uint32_t>(local_chip))) {
    const auto peer = emulated().peer({static_cast<uint32_t>(local_chip), channel});
    if (peer && static_cast<ChipId>(peer->chip) == remote_chip) links.emplace_back(channel, peer->channel);
  }
  if (local_chip > remote_chip)
    std::ranges::sort(links, [](const auto& a, const auto& b) { return a.second < b.second; });
  std::vector<CoreCoord> out;
  for (const auto& [local, remote] : links) out.push_back({0, local});
  return out;
}

CoreCoord Cluster::ethernet_core_from_logical_core(ChipId chip_id, const CoreCoord& logical_core) const {
  chip_of(chip_id);
  const zyxtt::GridXY noc = zyxtt::eth_noc(zyxtt::metalium::ethernet_channel_of(logical_core));
  return {noc.x, noc.y};
}

CoreCoord Cluster::get_virtual_eth_core_from_channel(ChipId chip_id, int channel) const {
  const zyxtt::GridXY noc = zyxtt::eth_noc(channel_of(chip_id, channel));
  return {noc.x, noc.y};
}

std::unordered_map<ChipId, std::unordered_map<EthernetChannel, std::tuple<ChipId, EthernetChannel>>>
Cluster::get_ethernet_connections() const {
  std::unordered_map<ChipId, std::unordered_map<EthernetChannel, std::tuple<ChipId, EthernetChannel>>> out;
  for (const zyxtt::cluster::EthLink& link : emulated().links()) {
    out[static_cast<ChipId>(link.a.chip)][static_cast<EthernetChannel>(link.a.channel)] = {
        static_cast<ChipId>(link.b.chip), static_cast<EthernetChannel>(link.b.channel)};
    out[static_cast<ChipId>(link.b.chip)][static_cast<EthernetChannel>(link.b.channel)] = {
        static_cast<ChipId>(link.a.chip), static_cast<EthernetChannel>(link.a.channel)};
  }
  return out;
}

std::unordered_map<ChipId, std::vector<CoreCoord>> Cluster::get_ethernet_cores_grouped_by_connected_chips(
    ChipId chip_id) const {
  chip_of(chip_id);
  std::unordered_map<ChipId, std::vector<CoreCoord>> out;
  for (uint32_t channel : emulated().active_channels(static_cast<uint32_t>(chip_id))) {
    const auto peer = emulated().peer({static_cast<uint32_t>(chip_id), channel});
    if (peer) out[static_cast<ChipId>(peer->chip)].push_back({0, channel});
  }
  return out;
}

}  // namespace tt

tt::tt_metal::CoreCoord metal_SocDescriptor::get_preferred_worker_core_for_dram_view(int dram_view, uint8_t noc) const {
  TT_FATAL(dram_view >= 0 && static_cast<size_t>(dram_view) < dram_bank_endpoint_coords.size(),
           "DRAM view {} does not exist ({} views)", dram_view, dram_bank_endpoint_coords.size());
  TT_FATAL(noc < 2, "NOC {} does not exist (0 or 1)", noc);
  return dram_bank_endpoint_coords[dram_view].front();
}

tt::tt_metal::CoreCoord metal_SocDescriptor::get_dram_compute_grid_size() const {
  return {dram_bank_endpoint_coords.size(), dram_bank_endpoint_coords.empty() ? 0 : dram_bank_endpoint_coords[0].size()};
}
