// tt-metal's 2-D route setters: a packet header's route to a fabric node
// (mesh id, chip id), or a 2-D multicast's hops. The emulator takes the route
// from the cluster's links when the packet is committed (north / south to the
// destination's row, then east / west).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/fabric_common.h"
#include "tt_metal/fabric/fabric_edm_packet_header.hpp"

namespace tt::tt_fabric {

template <bool called_from_router = false, eth_chan_directions my_direction = eth_chan_directions::COUNT>
bool fabric_set_unicast_route(volatile PacketHeader* packet_header, uint16_t dst_dev_id,
                              uint16_t dst_mesh_id = 0) {
  auto& h = const_cast<PacketHeader&>(*packet_header);
  h.route = ::zyxtt::krt::FabricRoute::kMesh;
  h.dst_chip = dst_dev_id;
  h.dst_mesh = dst_mesh_id;
  return true;
}

template <bool called_from_router = false>
void fabric_set_mcast_route(volatile PacketHeader* packet_header, uint16_t dst_dev_id, uint16_t dst_mesh_id,
                            uint16_t e_num_hops, uint16_t w_num_hops, uint16_t n_num_hops, uint16_t s_num_hops) {
  auto& h = const_cast<PacketHeader&>(*packet_header);
  h.route = ::zyxtt::krt::FabricRoute::kMeshMcast;
  h.dst_chip = dst_dev_id;
  h.dst_mesh = dst_mesh_id;
  h.mcast_hops[EAST] = static_cast<uint8_t>(e_num_hops);
  h.mcast_hops[WEST] = static_cast<uint8_t>(w_num_hops);
  h.mcast_hops[NORTH] = static_cast<uint8_t>(n_num_hops);
  h.mcast_hops[SOUTH] = static_cast<uint8_t>(s_num_hops);
}

}  // namespace tt::tt_fabric

// As tt-metal's header does: kernels name the fabric's types unqualified.
using namespace tt::tt_fabric;

// A packet's payload at most (tt-metal defines it in linear/addrgen_api.h;
// its socket kernels reach it through api/socket_api.h).
#ifndef FABRIC_MAX_PACKET_SIZE
#define FABRIC_MAX_PACKET_SIZE (::zyxtt::krt::kFabricMaxPayloadBytes)
#endif
