#include "metalium/fabric_kernel_defines.h"

#include <tt-metalium/experimental/fabric/control_plane.hpp>  // fabric.hpp needs its ChipId
#include <tt-metalium/experimental/fabric/fabric.hpp>

#include "tt_metal/fabric/hw/inc/fabric_routing_mode.h"

namespace tt::tt_fabric::detail {

std::map<std::string, std::string> fabric_kernel_defines() {
  if (GetFabricConfig() == FabricConfig::DISABLED) return {};
  unsigned mode = ROUTING_MODE_LOW_LATENCY;
  switch (get_fabric_topology()) {
    case Topology::Linear: mode |= ROUTING_MODE_1D | ROUTING_MODE_LINE; break;
    case Topology::Ring: mode |= ROUTING_MODE_1D | ROUTING_MODE_RING; break;
    case Topology::NeighborExchange: mode |= ROUTING_MODE_1D | ROUTING_MODE_NEIGHBOR_EXCHANGE; break;
    case Topology::Mesh: mode |= ROUTING_MODE_2D | ROUTING_MODE_MESH; break;
    case Topology::Torus: mode |= ROUTING_MODE_2D | ROUTING_MODE_TORUS; break;
    default: return {};
  }
  return {{"ROUTING_MODE", std::to_string(mode)}};
}

}  // namespace tt::tt_fabric::detail
