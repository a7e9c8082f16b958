// An active ethernet core's L1 as the emulator lays it out (tt-metal's
// eth_l1_mem::address_map names): 512 KiB, the runtime's words at the bottom,
// the sync block (erisc_info) at 0x8000, kernels' own space from 0x10000.
#pragma once

#include <cstdint>

namespace eth_l1_mem {

struct address_map {
  static constexpr std::uint32_t MAX_SIZE = 512 * 1024;
  static constexpr std::uint32_t MAX_NUM_CONCURRENT_TRANSACTIONS = 8;
  static constexpr std::uint32_t ERISC_APP_SYNC_INFO_BASE = 0x8000;
  static constexpr std::uint32_t ERISC_L1_UNRESERVED_BASE = 0x10000;
  static constexpr std::uint32_t ERISC_L1_UNRESERVED_SIZE = MAX_SIZE - ERISC_L1_UNRESERVED_BASE;
  static constexpr std::uint32_t LAUNCH_ERISC_APP_FLAG = 0;
};

}  // namespace eth_l1_mem
