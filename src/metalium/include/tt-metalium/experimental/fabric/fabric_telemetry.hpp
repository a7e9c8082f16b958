// What a fabric router reports about itself (tt-metal's fabric_telemetry.hpp):
// a static part naming the link, and optionally counters it keeps while running.
// Plain data, independent of any chip's memory layout.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace tt::tt_fabric {

enum class FabricTelemetryRouterState : std::uint8_t { Standby = 0, Active = 1, Paused = 2, Draining = 3 };

// Bits of FabricTelemetryStaticInfo::supported_stats.
enum class FabricTelemetryStatistic : std::uint8_t {
  RouterState = 0x01,
  Bandwidth = 0x02,
  HeartbeatTx = 0x04,
  HeartbeatRx = 0x08,
};

using FabricTelemetryStatisticMask = std::uint8_t;

// A 64-bit cycle count kept as two words, as the router writes it.
struct FabricTelemetryTimestamp {
  std::uint32_t lo = 0;
  std::uint32_t hi = 0;
  [[nodiscard]] constexpr std::uint64_t full() const { return static_cast<std::uint64_t>(hi) << 32 | lo; }
};

// One direction of a link: cycles it was busy of the cycles elapsed, and what it moved.
struct FabricTelemetryBandwidthCounters {
  std::uint64_t elapsed_active_cycles = 0;
  std::uint64_t elapsed_cycles = 0;
  std::uint64_t words_sent = 0;
  std::uint64_t packets_sent = 0;
};

// One of the router's two ethernet RISCs.
struct FabricTelemetryEriscEntry {
  FabricTelemetryRouterState router_state = FabricTelemetryRouterState::Standby;
  std::uint64_t tx_heartbeat = 0;
  std::uint64_t rx_heartbeat = 0;
};

struct FabricTelemetryDynamicInfo {
  FabricTelemetryBandwidthCounters tx_bandwidth;
  FabricTelemetryBandwidthCounters rx_bandwidth;
  std::array<FabricTelemetryEriscEntry, 2> erisc{};
};

// Which link this is: its chip and the far chip (mesh, device), its direction,
// the statistics it keeps and the fabric configuration it was built for.
struct FabricTelemetryStaticInfo {
  std::uint32_t version = 0;
  std::uint16_t mesh_id = 0;
  std::uint16_t neighbor_mesh_id = 0;
  std::uint8_t device_id = 0;
  std::uint8_t neighbor_device_id = 0;
  std::uint8_t direction = 0;
  FabricTelemetryStatisticMask supported_stats = 0;
  std::uint32_t fabric_config = 0;
};

struct FabricTelemetrySnapshot {
  FabricTelemetryStaticInfo static_info;
  std::optional<FabricTelemetryDynamicInfo> dynamic_info;  // absent when the router keeps no counters
};

[[nodiscard]] constexpr bool telemetry_stat_enabled(FabricTelemetryStatisticMask mask, FabricTelemetryStatistic stat) {
  return (mask & static_cast<FabricTelemetryStatisticMask>(stat)) != 0;
}

}  // namespace tt::tt_fabric
