// A chip's ethernet cores as tt-metal's IDevice shows them: logical cores
// (0, channel), their NOC coordinates, and which are linked to which chip
// (the emulated cluster's links, cluster/cluster.h).
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/mesh_device.hpp>

#include <tt_stl/assert.hpp>

#include "device/arch.h"
#include "metalium/emulator_options.h"
#include "metalium/ethernet_channel.h"

namespace zyxtt::metalium {

uint32_t ethernet_channel_of(const tt::tt_metal::CoreCoord& logical) {
  TT_FATAL(logical.x == 0 && logical.y < zyxtt::kEthChannels,
           "Logical ethernet core {} does not exist: a Blackhole's are (0, 0) to (0, {})", logical.str(),
           zyxtt::kEthChannels - 1);
  return static_cast<uint32_t>(logical.y);
}

std::unordered_set<tt::tt_metal::CoreCoord> active_ethernet_cores(int chip) {
  TT_FATAL(chip >= 0, "Chip {} does not exist", chip);
  emulated_cluster().chip(static_cast<uint32_t>(chip));  // throws naming the chips there are
  std::unordered_set<tt::tt_metal::CoreCoord> out;
  for (uint32_t channel : emulated_cluster().active_channels(static_cast<uint32_t>(chip))) out.insert({0, channel});
  return out;
}

}  // namespace zyxtt::metalium

std::unordered_set<tt::tt_metal::CoreCoord> tt::tt_fabric::ControlPlane::get_active_ethernet_cores(ChipId chip_id,
                                                                                                  bool) const {
  return zyxtt::metalium::active_ethernet_cores(chip_id);
}

namespace tt::tt_metal::distributed {
namespace {

uint32_t channel_of(const CoreCoord& logical) { return zyxtt::metalium::ethernet_channel_of(logical); }

const zyxtt::cluster::Cluster& cluster() { return zyxtt::metalium::emulated_cluster(); }

std::optional<zyxtt::cluster::EthEnd> peer_of(int chip, const CoreCoord& logical) {
  return cluster().peer({static_cast<uint32_t>(chip), channel_of(logical)});
}

}  // namespace

CoreCoord MeshDevice::ethernet_core_from_logical_core(const CoreCoord& logical_core) const {
  const zyxtt::GridXY noc = zyxtt::eth_noc(channel_of(logical_core));
  return {noc.x, noc.y};
}

std::vector<CoreCoord> MeshDevice::ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const {
  std::vector<CoreCoord> out;
  for (const CoreCoord& c : logical_cores) out.push_back(ethernet_core_from_logical_core(c));
  return out;
}

CoreCoord MeshDevice::logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const {
  const std::optional<uint32_t> channel =
      zyxtt::eth_at_noc(static_cast<uint32_t>(ethernet_core.x), static_cast<uint32_t>(ethernet_core.y));
  TT_FATAL(channel.has_value(), "{} is not an ethernet core's NOC coordinate", ethernet_core.str());
  return {0, *channel};
}

std::unordered_set<CoreCoord> MeshDevice::get_active_ethernet_cores(bool) const {
  return zyxtt::metalium::active_ethernet_cores(id());
}

std::unordered_set<CoreCoord> MeshDevice::get_inactive_ethernet_cores() const {
  std::unordered_set<CoreCoord> out;
  const std::unordered_set<CoreCoord> active = get_active_ethernet_cores();
  for (const CoreCoord& c : ethernet_cores())
    if (!active.contains(c)) out.insert(c);
  return out;
}

bool MeshDevice::is_active_ethernet_core(CoreCoord logical_core, bool) const {
  return peer_of(id(), logical_core).has_value();
}

bool MeshDevice::is_inactive_ethernet_core(CoreCoord logical_core) const {
  return !peer_of(id(), logical_core).has_value();
}

std::tuple<ChipId, CoreCoord> MeshDevice::get_connected_ethernet_core(CoreCoord eth_core) const {
  const auto peer = peer_of(id(), eth_core);
  TT_FATAL(peer.has_value(), "Ethernet core {} of device {} is not linked to another chip", eth_core.str(), id());
  return {static_cast<ChipId>(peer->chip), CoreCoord{0, peer->channel}};
}

std::vector<CoreCoord> MeshDevice::get_ethernet_sockets(ChipId connected_chip_id) const {
  std::vector<CoreCoord> out;
  for (uint32_t channel : cluster().active_channels(static_cast<uint32_t>(id()))) {
    const auto peer = cluster().peer({static_cast<uint32_t>(id()), channel});
    if (peer && static_cast<ChipId>(peer->chip) == connected_chip_id) out.push_back({0, channel});
  }
  return out;
}

const std::set<CoreCoord>& MeshDevice::ethernet_cores() const {
  static const std::set<CoreCoord> all = [] {
    std::set<CoreCoord> cores;
    for (uint32_t c = 0; c < zyxtt::kEthChannels; ++c) cores.insert({0, c});
    return cores;
  }();
  return all;
}

}  // namespace tt::tt_metal::distributed
