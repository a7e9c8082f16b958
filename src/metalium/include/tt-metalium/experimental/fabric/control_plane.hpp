// tt-metal's fabric control plane, as far as programs query it: which fabric
// node a chip is, the mesh's shape, and which ethernet channels forward
// towards a chip, all from the emulated cluster's links
// (MetalContext::instance().get_control_plane()). Routing tables, telemetry
// and distributed contexts are not emulated.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <unordered_set>
#include <utility>
#include <vector>

#include <hostdevcommon/fabric_common.h>
#include <tt-metalium/experimental/fabric/fabric_edm_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::tt_fabric {

using tt::tt_metal::distributed::MeshShape;

enum class MeshScope {
  LOCAL,
  GLOBAL,
};

class ControlPlane {
 public:
  FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) const;
  ChipId get_physical_chip_id_from_fabric_node_id(const FabricNodeId& fabric_node_id) const;
  std::vector<MeshId> get_user_physical_mesh_ids() const;
  std::vector<MeshId> get_local_mesh_id_bindings() const;
  MeshShape get_physical_mesh_shape(MeshId mesh_id, MeshScope scope = MeshScope::GLOBAL) const;

  std::optional<RoutingDirection> get_forwarding_direction(FabricNodeId src_fabric_node_id,
                                                           FabricNodeId dst_fabric_node_id) const;
  std::vector<chan_id_t> get_forwarding_eth_chans_to_chip(FabricNodeId src_fabric_node_id,
                                                          FabricNodeId dst_fabric_node_id) const;
  std::vector<chan_id_t> get_forwarding_eth_chans_to_chip(FabricNodeId src_fabric_node_id,
                                                          FabricNodeId dst_fabric_node_id,
                                                          RoutingDirection forwarding_direction) const;
  std::vector<chan_id_t> get_active_fabric_eth_channels_in_direction(FabricNodeId fabric_node_id,
                                                                     RoutingDirection routing_direction) const;
  std::vector<chan_id_t> get_active_fabric_eth_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                                           RoutingDirection routing_direction) const;
  size_t get_num_available_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                       RoutingDirection routing_direction) const;
  std::set<std::pair<chan_id_t, eth_chan_directions>> get_active_fabric_eth_channels(FabricNodeId fabric_node_id) const;
  std::pair<FabricNodeId, chan_id_t> get_connected_mesh_chip_chan_ids(FabricNodeId fabric_node_id,
                                                                      chan_id_t chan_id) const;
  eth_chan_directions get_eth_chan_direction(FabricNodeId fabric_node_id, int chan) const;
  // Chip `chip_id`'s ethernet cores linked to another chip, as logical cores (0, channel).
  std::unordered_set<tt::tt_metal::CoreCoord> get_active_ethernet_cores(ChipId chip_id,
                                                                        bool skip_reserved_cores = false) const;
};

}  // namespace tt::tt_fabric
