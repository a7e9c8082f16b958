// tt-metal's fabric switch and the host calls fabric programs make. The
// fabric joins the chips of the emulated cluster: SetFabricConfig brings it
// up (no router kernels run: the emulator delivers a committed packet along
// its route at once), append_fabric_connection_rt_args gives a worker kernel
// its connection to the router on the channel towards a destination, and the
// queries answer from the cluster's links (control_plane.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include <hostdevcommon/fabric_common.h>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_edm_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/program.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_fabric {

size_t get_tt_fabric_channel_buffer_size_bytes();
size_t get_tt_fabric_packet_header_size_bytes();
size_t get_tt_fabric_max_payload_size_bytes();

// Appends to worker_args the connection a worker kernel on worker_core of
// the src chip builds with WorkerToFabricEdmSender::build_from_args: the
// link_idx-th ethernet channel of src that forwards towards dst. Throws when
// the fabric is not up, a node is not a chip of the cluster, or src has
// fewer such channels.
template <typename ProgramOrDescriptor = tt::tt_metal::Program>
void append_fabric_connection_rt_args(const FabricNodeId& src_fabric_node_id, const FabricNodeId& dst_fabric_node_id,
                                      uint32_t link_idx, ProgramOrDescriptor& worker_program_or_desc,
                                      const tt::tt_metal::CoreCoord& worker_core, std::vector<uint32_t>& worker_args,
                                      CoreType core_type = CoreType::WORKER);

// Which of tt-metal's kernel-side fabric APIs a program uses: linear/api.h (1-D) or mesh/api.h (2-D).
enum class FabricApiType : uint8_t {
  Linear = 0,
  Mesh = 1,
};

std::vector<eth_chan_directions> get_neighbor_eth_directions(const FabricNodeId& src_fabric_node_id,
                                                             const FabricNodeId& dst_fabric_node_id);
std::vector<uint32_t> get_forwarding_link_indices(const FabricNodeId& src_fabric_node_id,
                                                  const FabricNodeId& dst_fabric_node_id);
FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id);
std::vector<chan_id_t> get_active_fabric_eth_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                                         RoutingDirection routing_direction);
std::unordered_map<MeshId, tt::tt_metal::distributed::MeshShape> get_physical_mesh_shapes();
Topology get_fabric_topology();

// Brings the fabric up (any configuration but DISABLED needs a cluster of
// several chips) or down. Call it before opening devices, as on silicon.
void SetFabricConfig(FabricConfig fabric_config,
                     FabricReliabilityMode reliability_mode = FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE,
                     std::optional<uint8_t> num_routing_planes = std::nullopt,
                     FabricTensixConfig fabric_tensix_config = FabricTensixConfig::DISABLED,
                     FabricUDMMode fabric_udm_mode = FabricUDMMode::DISABLED,
                     FabricManagerMode fabric_manager = FabricManagerMode::DEFAULT,
                     FabricRouterConfig router_config = FabricRouterConfig{});
FabricConfig GetFabricConfig();

std::optional<eth_chan_directions> get_eth_forwarding_direction(FabricNodeId src_fabric_node_id,
                                                                FabricNodeId dst_fabric_node_id);
bool is_1d_fabric_config(FabricConfig fabric_config);
bool is_2d_fabric_config(FabricConfig fabric_config);
size_t get_num_available_routing_planes_in_direction(FabricNodeId fabric_node_id, RoutingDirection routing_direction);

}  // namespace tt::tt_fabric
