// tt-metal's fabric on the emulated cluster: the switch, the connection a
// worker kernel builds, and the control plane's answers, all from the
// cluster's links through the one route model (device/fabric_routes.h) the
// device worker delivers packets by.
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>

#include <atomic>
#include <limits>
#include <mutex>
#include <ostream>

#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

#include <tt_metal/impl/context/metal_context.hpp>

#include "device/fabric_routes.h"
#include "metalium/emulator_options.h"
#include "zyxtt/krt_types.h"

namespace tt::tt_fabric {
namespace {

template <typename E>
E combine(E a, E b, bool both) {
  const auto x = static_cast<uint32_t>(a), y = static_cast<uint32_t>(b);
  return static_cast<E>(both ? (x & y) : (x | y));
}

std::atomic<FabricConfig> g_config{FabricConfig::DISABLED};

const zyxtt::fabric::Routes& routes() {
  static const zyxtt::cluster::Cluster* built_for = nullptr;
  static zyxtt::fabric::Routes built;
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  const zyxtt::cluster::Cluster& cluster = zyxtt::metalium::emulated_cluster();
  if (built_for != &cluster) {
    built = cluster.routes();
    built_for = &cluster;
  }
  return built;
}

uint32_t chip_of(const FabricNodeId& node) {
  const zyxtt::fabric::Routes& r = routes();
  const std::optional<uint32_t> chip = *node.mesh_id == 0 ? r.chip_of_fabric_id(node.chip_id) : std::nullopt;
  TT_FATAL(chip.has_value(), "Fabric node (mesh {}, chip {}) is not in the emulated cluster: it is mesh 0 of chips 0 to {}",
           *node.mesh_id, node.chip_id, r.size() - 1);
  return *chip;
}

FabricNodeId node_of(uint32_t chip) { return FabricNodeId(MeshId{0}, routes().fabric_id(chip)); }

using zyxtt::fabric::Dir;

RoutingDirection routing_direction(Dir d) {
  switch (d) {
    case Dir::kNorth: return RoutingDirection::N;
    case Dir::kEast: return RoutingDirection::E;
    case Dir::kSouth: return RoutingDirection::S;
    case Dir::kWest: return RoutingDirection::W;
  }
  return RoutingDirection::NONE;
}
std::optional<Dir> dir_of(RoutingDirection d) {
  switch (d) {
    case RoutingDirection::N: return Dir::kNorth;
    case RoutingDirection::E: return Dir::kEast;
    case RoutingDirection::S: return Dir::kSouth;
    case RoutingDirection::W: return Dir::kWest;
    default: return std::nullopt;
  }
}
eth_chan_directions eth_direction(Dir d) { return static_cast<eth_chan_directions>(static_cast<uint8_t>(d)); }

std::vector<chan_id_t> channels_toward(uint32_t chip, Dir d) {
  std::vector<chan_id_t> out;
  for (uint32_t ch : routes().channels_toward(chip, d)) out.push_back(static_cast<chan_id_t>(ch));
  return out;
}

// The direction a packet from src to dst leaves src in, when a route exists.
std::optional<Dir> forwarding(uint32_t src, uint32_t dst) {
  const zyxtt::fabric::Routes& r = routes();
  const std::optional<Dir> first = r.first_hop(src, dst);
  if (!first || r.mesh_path(src, dst, nullptr).empty()) return std::nullopt;
  return first;
}

}  // namespace

FabricManagerMode operator|(FabricManagerMode lhs, FabricManagerMode rhs) { return combine(lhs, rhs, false); }
FabricManagerMode operator&(FabricManagerMode lhs, FabricManagerMode rhs) { return combine(lhs, rhs, true); }
bool has_flag(FabricManagerMode flags, FabricManagerMode test_flag) { return (flags & test_flag) == test_flag; }
FabricType operator|(FabricType lhs, FabricType rhs) { return combine(lhs, rhs, false); }
FabricType operator&(FabricType lhs, FabricType rhs) { return combine(lhs, rhs, true); }
bool has_flag(FabricType flags, FabricType test_flag) { return (flags & test_flag) == test_flag; }

FabricNodeId::FabricNodeId(MeshId mesh_id_val, std::uint32_t chip_id_val) : mesh_id(mesh_id_val), chip_id(chip_id_val) {}
bool operator==(const FabricNodeId& a, const FabricNodeId& b) { return a.mesh_id == b.mesh_id && a.chip_id == b.chip_id; }
bool operator!=(const FabricNodeId& a, const FabricNodeId& b) { return !(a == b); }
bool operator<(const FabricNodeId& a, const FabricNodeId& b) {
  return a.mesh_id != b.mesh_id ? a.mesh_id < b.mesh_id : a.chip_id < b.chip_id;
}
bool operator>(const FabricNodeId& a, const FabricNodeId& b) { return b < a; }
bool operator<=(const FabricNodeId& a, const FabricNodeId& b) { return !(b < a); }
bool operator>=(const FabricNodeId& a, const FabricNodeId& b) { return !(a < b); }
std::ostream& operator<<(std::ostream& os, const MeshId& mesh_id) { return os << "M" << *mesh_id; }
std::ostream& operator<<(std::ostream& os, const FabricNodeId& node) {
  return os << "(M" << *node.mesh_id << ", D" << node.chip_id << ")";
}
std::ostream& operator<<(std::ostream& os, const Topology& topology) {
  static constexpr const char* kNames[] = {"NeighborExchange", "Linear", "Ring", "Mesh", "Torus"};
  return os << kNames[static_cast<int>(topology)];
}

size_t get_tt_fabric_packet_header_size_bytes() { return zyxtt::krt::kFabricHeaderBytes; }
size_t get_tt_fabric_max_payload_size_bytes() { return zyxtt::krt::kFabricMaxPayloadBytes; }
size_t get_tt_fabric_channel_buffer_size_bytes() {
  return get_tt_fabric_packet_header_size_bytes() + get_tt_fabric_max_payload_size_bytes();
}

void SetFabricConfig(FabricConfig fabric_config, FabricReliabilityMode, std::optional<uint8_t> num_routing_planes,
                     FabricTensixConfig, FabricUDMMode, FabricManagerMode, FabricRouterConfig) {
  const zyxtt::cluster::Cluster& cluster = zyxtt::metalium::emulated_cluster();
  TT_FATAL(fabric_config == FabricConfig::DISABLED || cluster.size() > 1,
           "SetFabricConfig({}): the fabric routes between chips, and the emulated cluster {} is one chip (choose one "
           "of several with ZYX_TT_CLUSTER, e.g. p300 or 4xp150, or TT_METAL_MOCK_CLUSTER_DESC_PATH)",
           fabric_config, cluster.source());
  TT_FATAL(fabric_config != FabricConfig::CUSTOM, "SetFabricConfig(CUSTOM): custom fabrics are not emulated");
  g_config.store(fabric_config);
  // The routers take their channels (every link unless planes are given), as tt-metal's context has them.
  tt::tt_metal::MetalContext::instance().get_cluster().configure_ethernet_cores_for_fabric_routers(
      fabric_config, fabric_config == FabricConfig::DISABLED
                         ? std::nullopt
                         : std::optional<uint8_t>(num_routing_planes.value_or(std::numeric_limits<uint8_t>::max())));
}

FabricConfig GetFabricConfig() { return g_config.load(); }

bool is_1d_fabric_config(FabricConfig c) {
  return c == FabricConfig::FABRIC_1D || c == FabricConfig::FABRIC_1D_RING ||
         c == FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE;
}

bool is_2d_fabric_config(FabricConfig c) {
  return c == FabricConfig::FABRIC_2D || c == FabricConfig::FABRIC_2D_TORUS_X ||
         c == FabricConfig::FABRIC_2D_TORUS_Y || c == FabricConfig::FABRIC_2D_TORUS_XY;
}

Topology get_fabric_topology() {
  switch (GetFabricConfig()) {
    case FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE: return Topology::NeighborExchange;
    case FabricConfig::FABRIC_1D_RING: return Topology::Ring;
    case FabricConfig::FABRIC_2D: return Topology::Mesh;
    case FabricConfig::FABRIC_2D_TORUS_X:
    case FabricConfig::FABRIC_2D_TORUS_Y:
    case FabricConfig::FABRIC_2D_TORUS_XY: return Topology::Torus;
    default: return Topology::Linear;
  }
}

template <>
void append_fabric_connection_rt_args<tt::tt_metal::Program>(const FabricNodeId& src_fabric_node_id,
                                                             const FabricNodeId& dst_fabric_node_id, uint32_t link_idx,
                                                             tt::tt_metal::Program&, const tt::tt_metal::CoreCoord&,
                                                             std::vector<uint32_t>& worker_args, CoreType core_type) {
  TT_FATAL(GetFabricConfig() != FabricConfig::DISABLED,
           "append_fabric_connection_rt_args: the fabric is not up; call "
           "tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D or FABRIC_2D) before opening the devices");
  TT_FATAL(core_type == CoreType::WORKER, "append_fabric_connection_rt_args: only worker cores connect to the fabric here");
  const uint32_t src = chip_of(src_fabric_node_id), dst = chip_of(dst_fabric_node_id);
  const std::optional<Dir> d = forwarding(src, dst);
  TT_FATAL(d.has_value(), "append_fabric_connection_rt_args: no fabric route from chip {} to chip {}", src, dst);
  const std::vector<chan_id_t> channels = channels_toward(src, *d);
  TT_FATAL(link_idx < channels.size(),
           "append_fabric_connection_rt_args: link {} does not exist: chip {} has {} link(s) {} towards chip {}", link_idx,
           src, channels.size(), zyxtt::fabric::dir_name(*d), dst);
  worker_args.push_back(zyxtt::krt::fabric_link_word(src, channels[link_idx]));
}

std::vector<eth_chan_directions> get_neighbor_eth_directions(const FabricNodeId& src_fabric_node_id,
                                                             const FabricNodeId& dst_fabric_node_id) {
  const uint32_t src = chip_of(src_fabric_node_id), dst = chip_of(dst_fabric_node_id);
  std::vector<eth_chan_directions> out;
  for (uint8_t d = 0; d < zyxtt::fabric::kDirs; ++d)
    if (routes().neighbour(src, static_cast<Dir>(d)) == dst) out.push_back(eth_direction(static_cast<Dir>(d)));
  return out;
}

std::vector<uint32_t> get_forwarding_link_indices(const FabricNodeId& src_fabric_node_id,
                                                  const FabricNodeId& dst_fabric_node_id) {
  const uint32_t src = chip_of(src_fabric_node_id), dst = chip_of(dst_fabric_node_id);
  std::vector<uint32_t> out;
  if (const std::optional<Dir> d = forwarding(src, dst))
    for (uint32_t i = 0; i < channels_toward(src, *d).size(); ++i) out.push_back(i);
  return out;
}

FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) {
  TT_FATAL(physical_chip_id >= 0 && static_cast<size_t>(physical_chip_id) < routes().size(),
           "Chip {} is not in the emulated cluster (chips 0 to {})", physical_chip_id, routes().size() - 1);
  return node_of(static_cast<uint32_t>(physical_chip_id));
}

std::vector<chan_id_t> get_active_fabric_eth_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                                         RoutingDirection routing_direction) {
  const std::optional<Dir> d = dir_of(routing_direction);
  return d ? channels_toward(chip_of(fabric_node_id), *d) : std::vector<chan_id_t>{};
}

std::unordered_map<MeshId, tt::tt_metal::distributed::MeshShape> get_physical_mesh_shapes() {
  return {{MeshId{0}, tt::tt_metal::distributed::MeshShape(routes().rows(), routes().cols())}};
}

std::optional<eth_chan_directions> get_eth_forwarding_direction(FabricNodeId src_fabric_node_id,
                                                                FabricNodeId dst_fabric_node_id) {
  const std::optional<Dir> d = forwarding(chip_of(src_fabric_node_id), chip_of(dst_fabric_node_id));
  if (!d) return std::nullopt;
  return eth_direction(*d);
}

size_t get_num_available_routing_planes_in_direction(FabricNodeId fabric_node_id, RoutingDirection routing_direction) {
  return get_active_fabric_eth_routing_planes_in_direction(fabric_node_id, routing_direction).size();
}

// ---- ControlPlane ------------------------------------------------------------

FabricNodeId ControlPlane::get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) const {
  return tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(physical_chip_id);
}
ChipId ControlPlane::get_physical_chip_id_from_fabric_node_id(const FabricNodeId& fabric_node_id) const {
  return static_cast<ChipId>(chip_of(fabric_node_id));
}
std::vector<MeshId> ControlPlane::get_user_physical_mesh_ids() const { return {MeshId{0}}; }
std::vector<MeshId> ControlPlane::get_local_mesh_id_bindings() const { return {MeshId{0}}; }
MeshShape ControlPlane::get_physical_mesh_shape(MeshId mesh_id, MeshScope) const {
  TT_FATAL(*mesh_id == 0, "Mesh {} does not exist: the emulated cluster is mesh 0", *mesh_id);
  return MeshShape(routes().rows(), routes().cols());
}
std::optional<RoutingDirection> ControlPlane::get_forwarding_direction(FabricNodeId src_fabric_node_id,
                                                                      FabricNodeId dst_fabric_node_id) const {
  const uint32_t src = chip_of(src_fabric_node_id), dst = chip_of(dst_fabric_node_id);
  if (src == dst) return RoutingDirection::C;
  const std::optional<Dir> d = forwarding(src, dst);
  if (!d) return std::nullopt;
  return routing_direction(*d);
}
std::vector<chan_id_t> ControlPlane::get_forwarding_eth_chans_to_chip(FabricNodeId src_fabric_node_id,
                                                                      FabricNodeId dst_fabric_node_id) const {
  const uint32_t src = chip_of(src_fabric_node_id), dst = chip_of(dst_fabric_node_id);
  const std::optional<Dir> d = forwarding(src, dst);
  return d ? channels_toward(src, *d) : std::vector<chan_id_t>{};
}
std::vector<chan_id_t> ControlPlane::get_forwarding_eth_chans_to_chip(FabricNodeId src_fabric_node_id,
                                                                      FabricNodeId dst_fabric_node_id,
                                                                      RoutingDirection forwarding_direction) const {
  const std::optional<RoutingDirection> d = get_forwarding_direction(src_fabric_node_id, dst_fabric_node_id);
  if (d != forwarding_direction) return {};
  return get_forwarding_eth_chans_to_chip(src_fabric_node_id, dst_fabric_node_id);
}
std::vector<chan_id_t> ControlPlane::get_active_fabric_eth_channels_in_direction(
    FabricNodeId fabric_node_id, RoutingDirection routing_direction) const {
  return tt::tt_fabric::get_active_fabric_eth_routing_planes_in_direction(fabric_node_id, routing_direction);
}
std::vector<chan_id_t> ControlPlane::get_active_fabric_eth_routing_planes_in_direction(
    FabricNodeId fabric_node_id, RoutingDirection routing_direction) const {
  return tt::tt_fabric::get_active_fabric_eth_routing_planes_in_direction(fabric_node_id, routing_direction);
}
size_t ControlPlane::get_num_available_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                                   RoutingDirection routing_direction) const {
  return get_active_fabric_eth_routing_planes_in_direction(fabric_node_id, routing_direction).size();
}
std::set<std::pair<chan_id_t, eth_chan_directions>> ControlPlane::get_active_fabric_eth_channels(
    FabricNodeId fabric_node_id) const {
  const uint32_t chip = chip_of(fabric_node_id);
  std::set<std::pair<chan_id_t, eth_chan_directions>> out;
  for (uint32_t ch = 0; ch < zyxtt::kEthChannels; ++ch)
    if (const std::optional<Dir> d = routes().direction(chip, ch)) out.emplace(static_cast<chan_id_t>(ch), eth_direction(*d));
  return out;
}
std::pair<FabricNodeId, chan_id_t> ControlPlane::get_connected_mesh_chip_chan_ids(FabricNodeId fabric_node_id,
                                                                                  chan_id_t chan_id) const {
  const zyxtt::cluster::Cluster& cluster = zyxtt::metalium::emulated_cluster();
  const uint32_t chip = chip_of(fabric_node_id);
  const auto peer = cluster.peer({chip, chan_id});
  TT_FATAL(peer.has_value(), "Ethernet channel {} of chip {} has no link", chan_id, chip);
  return {node_of(peer->chip), static_cast<chan_id_t>(peer->channel)};
}
eth_chan_directions ControlPlane::get_eth_chan_direction(FabricNodeId fabric_node_id, int chan) const {
  const std::optional<Dir> d = routes().direction(chip_of(fabric_node_id), static_cast<uint32_t>(chan));
  TT_FATAL(d.has_value(), "Ethernet channel {} of chip {} does not lead to a mesh neighbour", chan,
           chip_of(fabric_node_id));
  return eth_direction(*d);
}

}  // namespace tt::tt_fabric

size_t std::hash<tt::tt_fabric::FabricNodeId>::operator()(const tt::tt_fabric::FabricNodeId& node) const noexcept {
  return std::hash<uint64_t>{}(uint64_t{*node.mesh_id} << 32 | node.chip_id);
}

namespace tt::tt_metal {
std::ostream& operator<<(std::ostream& os, const AsicID& asic_id) { return os << *asic_id; }
std::ostream& operator<<(std::ostream& os, const TrayID& tray_id) { return os << *tray_id; }
std::ostream& operator<<(std::ostream& os, const ASICLocation& asic_location) { return os << *asic_location; }
}  // namespace tt::tt_metal
