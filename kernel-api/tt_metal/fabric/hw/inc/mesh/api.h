// tt-metal's 2-D fabric calls (tt::tt_fabric::mesh::experimental): a packet
// through one connection to fabric node (dst_mesh_id, dst_dev_id), or a
// multicast over MeshMcastRange's east / west / north / south hops.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "tt_metal/fabric/fabric_edm_packet_header.hpp"
#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"
#include "tt_metal/fabric/hw/inc/fabric_send.h"
#include "tt_metal/fabric/hw/inc/tt_fabric_api.h"

namespace tt::tt_fabric::mesh::experimental {

struct MeshMcastRange {
  uint8_t e;
  uint8_t w;
  uint8_t n;
  uint8_t s;
};

namespace detail {
inline void set_mcast(volatile PACKET_HEADER_TYPE* h, uint8_t dst_dev_id, uint16_t dst_mesh_id, const MeshMcastRange& r) {
  fabric_set_mcast_route(h, dst_dev_id, dst_mesh_id, r.e, r.w, r.n, r.s);
}
}  // namespace detail

template <typename FabricSenderType, bool SetRoute = true>
FORCE_INLINE void fabric_unicast_noc_unicast_write(FabricSenderType* client_interface,
                                                   volatile PACKET_HEADER_TYPE* packet_header, uint8_t dst_dev_id,
                                                   uint16_t dst_mesh_id, uint32_t src_addr, uint32_t size,
                                                   NocUnicastCommandHeader cmd) {
  if constexpr (SetRoute) fabric_set_unicast_route(packet_header, dst_dev_id, dst_mesh_id);
  packet_header->to_noc_unicast_write(cmd, size);
  tt::tt_fabric::detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType, bool SetRoute = true>
FORCE_INLINE void fabric_unicast_noc_unicast_atomic_inc(FabricSenderType* client_interface,
                                                        volatile PACKET_HEADER_TYPE* packet_header,
                                                        uint8_t dst_dev_id, uint16_t dst_mesh_id,
                                                        NocUnicastAtomicIncCommandHeader cmd) {
  if constexpr (SetRoute) fabric_set_unicast_route(packet_header, dst_dev_id, dst_mesh_id);
  packet_header->to_noc_unicast_atomic_inc(cmd);
  tt::tt_fabric::detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType, bool SetRoute = true>
FORCE_INLINE void fabric_unicast_noc_unicast_inline_write(FabricSenderType* client_interface,
                                                          volatile PACKET_HEADER_TYPE* packet_header,
                                                          uint8_t dst_dev_id, uint16_t dst_mesh_id,
                                                          NocUnicastInlineWriteCommandHeader cmd) {
  if constexpr (SetRoute) fabric_set_unicast_route(packet_header, dst_dev_id, dst_mesh_id);
  packet_header->to_noc_unicast_inline_write(cmd);
  tt::tt_fabric::detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType, bool SetRoute = true>
FORCE_INLINE void fabric_unicast_noc_fused_unicast_with_atomic_inc(FabricSenderType* client_interface,
                                                                   volatile PACKET_HEADER_TYPE* packet_header,
                                                                   uint8_t dst_dev_id, uint16_t dst_mesh_id,
                                                                   uint32_t src_addr, uint32_t size,
                                                                   NocUnicastAtomicIncFusedCommandHeader cmd) {
  if constexpr (SetRoute) fabric_set_unicast_route(packet_header, dst_dev_id, dst_mesh_id);
  packet_header->to_noc_fused_unicast_write_atomic_inc(cmd, size);
  tt::tt_fabric::detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_unicast_write(FabricSenderType* client_interface,
                                                     volatile PACKET_HEADER_TYPE* packet_header, uint8_t dst_dev_id,
                                                     uint16_t dst_mesh_id, const MeshMcastRange& ranges,
                                                     uint32_t src_addr, uint32_t size, NocUnicastCommandHeader cmd) {
  detail::set_mcast(packet_header, dst_dev_id, dst_mesh_id, ranges);
  packet_header->to_noc_unicast_write(cmd, size);
  tt::tt_fabric::detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_unicast_atomic_inc(FabricSenderType* client_interface,
                                                          volatile PACKET_HEADER_TYPE* packet_header,
                                                          uint8_t dst_dev_id, uint16_t dst_mesh_id,
                                                          const MeshMcastRange& ranges,
                                                          NocUnicastAtomicIncCommandHeader cmd) {
  detail::set_mcast(packet_header, dst_dev_id, dst_mesh_id, ranges);
  packet_header->to_noc_unicast_atomic_inc(cmd);
  tt::tt_fabric::detail::send_header(*client_interface, packet_header);
}

}  // namespace tt::tt_fabric::mesh::experimental
