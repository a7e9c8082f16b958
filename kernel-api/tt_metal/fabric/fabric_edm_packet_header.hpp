// tt-metal's fabric packet header as kernels build it: a route (1-D hops or
// multicast along the connection's direction, or a 2-D destination) and the
// NOC command the far end performs. Every header type tt-metal selects by
// ROUTING_MODE is this one record (zyxtt::krt::FabricPacket), which the
// emulator reads when the packet is committed; its layout is the emulator's,
// not silicon's.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "zyxtt/krt_types.h"

namespace tt::tt_fabric {

enum NocSendType : uint8_t {
  NOC_UNICAST_WRITE = 0,
  NOC_UNICAST_INLINE_WRITE = 1,
  NOC_UNICAST_ATOMIC_INC = 2,
  NOC_FUSED_UNICAST_ATOMIC_INC = 3,
  NOC_UNICAST_SCATTER_WRITE = 4,
  NOC_MULTICAST_WRITE = 5,
  NOC_MULTICAST_ATOMIC_INC = 6,
  NOC_UNICAST_READ = 7,
  NOC_SEND_TYPE_LAST = NOC_UNICAST_SCATTER_WRITE
};
enum ChipSendType : uint8_t { CHIP_UNICAST = 0, CHIP_MULTICAST = 1, CHIP_SEND_TYPE_LAST = CHIP_MULTICAST };

struct MulticastRoutingCommandHeader {
  uint8_t start_distance_in_hops;
  uint8_t range_hops;
};
struct NocUnicastCommandHeader {
  uint64_t noc_address;
};
struct NocUnicastInlineWriteCommandHeader {
  uint64_t noc_address;
  uint32_t value;
};
struct NocUnicastAtomicIncCommandHeader {
  NocUnicastAtomicIncCommandHeader(uint64_t noc_address, uint32_t val, bool flush = true)
      : noc_address(noc_address), val(val), flush(flush) {}
  uint64_t noc_address;
  uint32_t val;
  bool flush;
};
struct NocUnicastAtomicIncFusedCommandHeader {
  NocUnicastAtomicIncFusedCommandHeader(uint64_t noc_address, uint64_t semaphore_noc_address, uint32_t val,
                                        bool flush = true)
      : noc_address(noc_address), semaphore_noc_address(semaphore_noc_address), val(val), flush(flush) {}
  uint64_t noc_address;
  uint64_t semaphore_noc_address;
  uint32_t val;
  bool flush;
};

// Setters come in plain and volatile forms: kernels hold headers through
// volatile pointers into L1 (PacketHeaderPool) or as plain objects.
struct PacketHeader : ::zyxtt::krt::FabricPacket {
  using Packet = ::zyxtt::krt::FabricPacket;
  using Route = ::zyxtt::krt::FabricRoute;

  PacketHeader& to_chip_unicast(uint8_t distance_in_hops) {
    route = Route::kLine;
    first_hop = distance_in_hops;
    hop_count = 1;
    return *this;
  }
  PacketHeader& to_chip_multicast(const MulticastRoutingCommandHeader& mcast) {
    route = Route::kLine;
    first_hop = mcast.start_distance_in_hops;
    hop_count = mcast.range_hops;
    return *this;
  }
  PacketHeader& to_noc_unicast_write(const NocUnicastCommandHeader& cmd, size_t payload_size) {
    noc_send_type = NOC_UNICAST_WRITE;
    noc_address = cmd.noc_address;
    payload_size_bytes = static_cast<uint16_t>(payload_size);
    return *this;
  }
  PacketHeader& to_noc_unicast_inline_write(const NocUnicastInlineWriteCommandHeader& cmd) {
    noc_send_type = NOC_UNICAST_INLINE_WRITE;
    noc_address = cmd.noc_address;
    value = cmd.value;
    payload_size_bytes = 0;
    return *this;
  }
  PacketHeader& to_noc_unicast_atomic_inc(const NocUnicastAtomicIncCommandHeader& cmd) {
    noc_send_type = NOC_UNICAST_ATOMIC_INC;
    noc_address = cmd.noc_address;
    value = cmd.val;
    payload_size_bytes = 0;
    return *this;
  }
  PacketHeader& to_noc_fused_unicast_write_atomic_inc(const NocUnicastAtomicIncFusedCommandHeader& cmd,
                                                      size_t payload_size) {
    noc_send_type = NOC_FUSED_UNICAST_ATOMIC_INC;
    noc_address = cmd.noc_address;
    semaphore_address = cmd.semaphore_noc_address;
    value = cmd.val;
    payload_size_bytes = static_cast<uint16_t>(payload_size);
    return *this;
  }

  // The volatile forms: the same, on the header in place.
  volatile PacketHeader& to_chip_unicast(uint8_t hops) volatile { return self().to_chip_unicast(hops), *this; }
  volatile PacketHeader& to_chip_multicast(const MulticastRoutingCommandHeader& m) volatile {
    return self().to_chip_multicast(m), *this;
  }
  volatile PacketHeader& to_noc_unicast_write(const NocUnicastCommandHeader& c, size_t n) volatile {
    return self().to_noc_unicast_write(c, n), *this;
  }
  volatile PacketHeader& to_noc_unicast_inline_write(const NocUnicastInlineWriteCommandHeader& c) volatile {
    return self().to_noc_unicast_inline_write(c), *this;
  }
  volatile PacketHeader& to_noc_unicast_atomic_inc(const NocUnicastAtomicIncCommandHeader& c) volatile {
    return self().to_noc_unicast_atomic_inc(c), *this;
  }
  volatile PacketHeader& to_noc_fused_unicast_write_atomic_inc(const NocUnicastAtomicIncFusedCommandHeader& c,
                                                               size_t n) volatile {
    return self().to_noc_fused_unicast_write_atomic_inc(c, n), *this;
  }

  size_t get_payload_size_excluding_header() volatile const { return payload_size_bytes; }
  size_t get_payload_size_including_header() volatile const { return payload_size_bytes + sizeof(PacketHeader); }
  NocSendType get_noc_send_type() volatile const { return static_cast<NocSendType>(noc_send_type); }

 private:
  // The emulator reads the header only when it is committed, through the
  // kernel API: nothing observes the stores in between.
  PacketHeader& self() volatile { return const_cast<PacketHeader&>(*this); }
};
static_assert(sizeof(PacketHeader) == ::zyxtt::krt::kFabricHeaderBytes);

using LowLatencyPacketHeader = PacketHeader;
using HybridMeshPacketHeader = PacketHeader;
using UDMHybridMeshPacketHeader = PacketHeader;

}  // namespace tt::tt_fabric

#ifndef PACKET_HEADER_TYPE
#define PACKET_HEADER_TYPE tt::tt_fabric::PacketHeader
#endif
