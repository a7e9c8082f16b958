// Address and core-kind types of tt-metal's hardware abstraction layer.
#pragma once

#include <cstdint>

#include <umd/device/types/core_coordinates.hpp>  // CoreType

namespace tt::tt_metal {

using DeviceAddr = std::uint64_t;

enum class HalProcessorClassType : uint8_t { DM = 0, COMPUTE = 1 };
enum class HalProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2, DRAM = 3, COUNT = 4 };
enum class HalMemType : uint8_t { L1 = 0, DRAM = 1, HOST = 2, COUNT = 3 };

// Regions of a core's L1, in tt-metal's order (Hal::get_dev_addr).
enum class HalL1MemAddrType : uint8_t {
  BASE,
  BARRIER,
  MAILBOX,
  LAUNCH,
  WATCHER,
  DPRINT_BUFFERS,
  PROFILER,
  KERNEL_CONFIG,
  UNRESERVED,
  DEFAULT_UNRESERVED,
  CORE_INFO,
  GO_MSG,
  LAUNCH_MSG_BUFFER_RD_PTR,
  GO_MSG_INDEX,
  LOCAL,
  BANK_TO_NOC_SCRATCH,
  LOGICAL_TO_VIRTUAL_SCRATCH,
  APP_SYNC_INFO,
  APP_ROUTING_INFO,
  RETRAIN_COUNT,
  RETRAIN_FORCE,
  CRC_ERR,
  CORR_CW,
  UNCORR_CW,
  LINK_UP,
  FABRIC_TELEMETRY,
  ROUTING_TABLE,
  ROUTER_STATE,
  ROUTER_COMMAND,
  ETH_FW_MAILBOX,
  TENSIX_FABRIC_CONNECTIONS,
  FABRIC_CONNECTION_LOCK,
  COUNT
};

}  // namespace tt::tt_metal
