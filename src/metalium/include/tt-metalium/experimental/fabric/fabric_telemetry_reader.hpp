// Reading fabric routers' telemetry (tt-metal's fabric_telemetry_reader.hpp).
// tt-metal's second overload, which reads one channel through a tt-umd
// cluster, is not here: the emulator has no tt-umd driver to hand out.
#pragma once

#include <vector>

#include <hostdevcommon/fabric_common.h>
#include <tt-metalium/device_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_telemetry.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>

namespace tt::tt_fabric {

// One router's report: the chip it sits on, its ethernet channel, what it said.
struct FabricTelemetrySample {
  FabricNodeId fabric_node_id{MeshId{0}, 0};
  chan_id_t channel_id = 0;
  FabricTelemetrySnapshot snapshot;
};

// A snapshot of each fabric router of the node, in channel order; none while
// the fabric is down. The emulator's routers report who they link and keep
// no counters (supported_stats 0, no dynamic_info).
[[nodiscard]] std::vector<FabricTelemetrySample> read_fabric_telemetry(const FabricNodeId& fabric_node_id);

}  // namespace tt::tt_fabric
