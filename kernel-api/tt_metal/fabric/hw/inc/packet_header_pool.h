// tt-metal's PacketHeaderPool: packet headers in the calling processor's
// share of its core's L1 pool (the emulator hands them out, zeroed).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "tt_metal/fabric/fabric_edm_packet_header.hpp"
#include "zyxtt/krt.h"

class PacketHeaderPool {
 public:
  static volatile PACKET_HEADER_TYPE* allocate_header(uint8_t num_headers = 1) {
    return reinterpret_cast<volatile PACKET_HEADER_TYPE*>(
        static_cast<uintptr_t>(::zyxtt::krt::fabric_header_alloc(num_headers)));
  }
};
