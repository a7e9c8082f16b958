// tt-metal's fabric switch. The emulated cluster is one chip with nothing to
// route to: DISABLED is accepted, any other configuration throws saying so.
#pragma once

#include <tt-metalium/experimental/fabric/fabric_types.hpp>

namespace tt::tt_fabric {

void SetFabricConfig(FabricConfig fabric_config,
                     FabricReliabilityMode reliability_mode = FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE,
                     std::optional<uint8_t> num_routing_planes = std::nullopt,
                     FabricTensixConfig fabric_tensix_config = FabricTensixConfig::DISABLED,
                     FabricUDMMode fabric_udm_mode = FabricUDMMode::DISABLED,
                     FabricManagerMode fabric_manager = FabricManagerMode::DEFAULT,
                     FabricRouterConfig router_config = FabricRouterConfig{});
FabricConfig GetFabricConfig();

bool is_1d_fabric_config(FabricConfig fabric_config);
bool is_2d_fabric_config(FabricConfig fabric_config);

}  // namespace tt::tt_fabric
