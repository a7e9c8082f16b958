// tt::Cluster's reservation of ethernet channels for the fabric's routers
// (tt-metal's configure_ethernet_cores_for_fabric_routers), over the
// emulated cluster's links.
#include <tt_metal/llrt/tt_cluster.hpp>

#include <limits>

#include <tt-logger/tt-logger.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

namespace tt {

void Cluster::configure_ethernet_cores_for_fabric_routers(tt_fabric::FabricConfig fabric_config,
                                                          std::optional<uint8_t> num_routing_planes) {
  if (fabric_config == tt_fabric::FabricConfig::DISABLED) {
    if (num_routing_planes.has_value())
      log_warning(tt::LogMetal, "configure_ethernet_cores_for_fabric_routers(DISABLED): releasing every fabric "
                                "router channel, num_routing_planes ignored");
    fabric_router_channels_.clear();
    return;
  }
  TT_FATAL(num_routing_planes.has_value(),
           "configure_ethernet_cores_for_fabric_routers({}): num_routing_planes is needed to reserve channels",
           fabric_config);
  TT_FATAL(*num_routing_planes > 0,
           "configure_ethernet_cores_for_fabric_routers({}): num_routing_planes must be at least 1", fabric_config);
  const bool every_link = *num_routing_planes == std::numeric_limits<uint8_t>::max();
  for (ChipId chip : all_chip_ids()) {
    for (const auto& [peer, cores] : get_ethernet_cores_grouped_by_connected_chips(chip)) {
      if (peer < chip) continue;  // each pair once, from its lower chip
      // Both ends' sockets are in one order: the i-th of each is one link.
      const std::vector<tt_metal::CoreCoord> here = get_ethernet_sockets(chip, peer);
      const std::vector<tt_metal::CoreCoord> there = get_ethernet_sockets(peer, chip);
      const size_t wanted = every_link ? here.size() : std::min<size_t>(*num_routing_planes, here.size());
      size_t held = 0;
      for (size_t i = 0; i < here.size(); ++i)
        if (fabric_router_channels_[chip].contains(static_cast<uint8_t>(here[i].y))) ++held;
      for (size_t i = 0; i < here.size() && held < wanted; ++i) {
        if (fabric_router_channels_[chip].insert(static_cast<uint8_t>(here[i].y)).second) {
          fabric_router_channels_[peer].insert(static_cast<uint8_t>(there[i].y));
          ++held;
        }
      }
    }
  }
}

std::set<uint8_t> Cluster::get_fabric_ethernet_channels(const tt_fabric::ControlPlane&, ChipId chip_id) const {
  TT_FATAL(all_chip_ids().contains(chip_id), "Chip {} does not exist", chip_id);
  const auto it = fabric_router_channels_.find(chip_id);
  return it == fabric_router_channels_.end() ? std::set<uint8_t>{} : it->second;
}

}  // namespace tt
