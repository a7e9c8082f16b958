// tt-metal's 1-D fabric calls (tt::tt_fabric::linear::experimental): a packet
// through one connection, to the chip num_hops away along the connection's
// direction, or multicast to range chips from start_distance on. Each sets
// the header's route and command, then sends payload and header.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "tt_metal/fabric/fabric_edm_packet_header.hpp"
#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"
#include "tt_metal/fabric/hw/inc/fabric_send.h"

namespace tt::tt_fabric::linear::experimental {

template <typename FabricSenderType>
FORCE_INLINE void fabric_unicast_noc_unicast_write(FabricSenderType* client_interface,
                                                   volatile PACKET_HEADER_TYPE* packet_header, uint32_t src_addr,
                                                   uint32_t size, NocUnicastCommandHeader cmd, uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_unicast_write(cmd, size);
  detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_unicast_noc_unicast_atomic_inc(FabricSenderType* client_interface,
                                                        volatile PACKET_HEADER_TYPE* packet_header,
                                                        NocUnicastAtomicIncCommandHeader cmd, uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_unicast_atomic_inc(cmd);
  detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_unicast_noc_unicast_inline_write(FabricSenderType* client_interface,
                                                          volatile PACKET_HEADER_TYPE* packet_header,
                                                          NocUnicastInlineWriteCommandHeader cmd, uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_unicast_inline_write(cmd);
  detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_unicast_noc_fused_unicast_with_atomic_inc(FabricSenderType* client_interface,
                                                                   volatile PACKET_HEADER_TYPE* packet_header,
                                                                   uint32_t src_addr, uint32_t size,
                                                                   NocUnicastAtomicIncFusedCommandHeader cmd,
                                                                   uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_fused_unicast_write_atomic_inc(cmd, size);
  detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_unicast_write(FabricSenderType* client_interface,
                                                     volatile PACKET_HEADER_TYPE* packet_header, uint32_t src_addr,
                                                     uint32_t size, NocUnicastCommandHeader cmd,
                                                     uint8_t start_distance, uint8_t range) {
  packet_header->to_chip_multicast(MulticastRoutingCommandHeader{start_distance, range});
  packet_header->to_noc_unicast_write(cmd, size);
  detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_unicast_atomic_inc(FabricSenderType* client_interface,
                                                          volatile PACKET_HEADER_TYPE* packet_header,
                                                          NocUnicastAtomicIncCommandHeader cmd,
                                                          uint8_t start_distance, uint8_t range) {
  packet_header->to_chip_multicast(MulticastRoutingCommandHeader{start_distance, range});
  packet_header->to_noc_unicast_atomic_inc(cmd);
  detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_unicast_inline_write(FabricSenderType* client_interface,
                                                            volatile PACKET_HEADER_TYPE* packet_header,
                                                            NocUnicastInlineWriteCommandHeader cmd,
                                                            uint8_t start_distance, uint8_t range) {
  packet_header->to_chip_multicast(MulticastRoutingCommandHeader{start_distance, range});
  packet_header->to_noc_unicast_inline_write(cmd);
  detail::send_header(*client_interface, packet_header);
}

template <typename FabricSenderType>
FORCE_INLINE void fabric_multicast_noc_fused_unicast_with_atomic_inc(FabricSenderType* client_interface,
                                                                     volatile PACKET_HEADER_TYPE* packet_header,
                                                                     uint32_t src_addr, uint32_t size,
                                                                     NocUnicastAtomicIncFusedCommandHeader cmd,
                                                                     uint8_t start_distance, uint8_t range) {
  packet_header->to_chip_multicast(MulticastRoutingCommandHeader{start_distance, range});
  packet_header->to_noc_fused_unicast_write_atomic_inc(cmd, size);
  detail::send_with_payload(*client_interface, packet_header, src_addr, size);
}

}  // namespace tt::tt_fabric::linear::experimental
