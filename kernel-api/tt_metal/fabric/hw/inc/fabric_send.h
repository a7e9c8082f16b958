// How tt-metal's fabric calls hand a packet to a connection: the payload into
// the slot, then the header, which commits it. One place for linear/ and mesh/.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "tt_metal/fabric/fabric_edm_packet_header.hpp"

namespace tt::tt_fabric::detail {

inline uint32_t l1_address_of(volatile PacketHeader* header) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(header));
}

template <typename Sender>
FORCE_INLINE void send_with_payload(Sender& sender, volatile PacketHeader* header, uint32_t src_addr, uint32_t size) {
  sender.wait_for_empty_write_slot();
  sender.send_payload_without_header_non_blocking_from_address(src_addr, size);
  sender.send_payload_flush_non_blocking_from_address(l1_address_of(header), sizeof(PacketHeader));
}

template <typename Sender>
FORCE_INLINE void send_header(Sender& sender, volatile PacketHeader* header) {
  sender.wait_for_empty_write_slot();
  sender.send_payload_flush_non_blocking_from_address(l1_address_of(header), sizeof(PacketHeader));
}

}  // namespace tt::tt_fabric::detail
