// Fabric router telemetry on the emulated cluster: each router (an ethernet
// channel the cluster reserved for the fabric) reports the link it serves,
// from the control plane's view of the links.
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/experimental/fabric/fabric_telemetry_reader.hpp>

#include <tt_metal/impl/context/metal_context.hpp>

namespace tt::tt_fabric {
namespace {

// The layout version tt-metal's routers write at the pin (fabric_telemetry_msgs.h).
constexpr std::uint32_t kTelemetryVersion = 1;

}  // namespace

std::vector<FabricTelemetrySample> read_fabric_telemetry(const FabricNodeId& fabric_node_id) {
  const FabricConfig config = GetFabricConfig();
  if (config == FabricConfig::DISABLED) return {};
  tt::tt_metal::MetalContext& context = tt::tt_metal::MetalContext::instance();
  const ControlPlane& plane = context.get_control_plane();
  const ChipId chip = plane.get_physical_chip_id_from_fabric_node_id(fabric_node_id);
  const std::set<uint8_t> routers = context.get_cluster().get_fabric_ethernet_channels(plane, chip);
  std::vector<FabricTelemetrySample> out;
  for (const auto& [channel, direction] : plane.get_active_fabric_eth_channels(fabric_node_id)) {
    if (!routers.contains(channel)) continue;
    const FabricNodeId far = plane.get_connected_mesh_chip_chan_ids(fabric_node_id, channel).first;
    FabricTelemetrySample& sample = out.emplace_back();
    sample.fabric_node_id = fabric_node_id;
    sample.channel_id = channel;
    FabricTelemetryStaticInfo& info = sample.snapshot.static_info;
    info.version = kTelemetryVersion;
    info.mesh_id = static_cast<std::uint16_t>(*fabric_node_id.mesh_id);
    info.neighbor_mesh_id = static_cast<std::uint16_t>(*far.mesh_id);
    info.device_id = static_cast<std::uint8_t>(fabric_node_id.chip_id);
    info.neighbor_device_id = static_cast<std::uint8_t>(far.chip_id);
    info.direction = static_cast<std::uint8_t>(direction);
    info.fabric_config = static_cast<std::uint32_t>(config);
  }
  return out;
}

}  // namespace tt::tt_fabric
