// The defines every kernel is built with while the fabric is up, as
// tt-metal's build adds them: ROUTING_MODE (fabric_routing_mode.h's bits).
#pragma once

#include <map>
#include <string>

namespace tt::tt_fabric::detail {

// Empty while the fabric is down.
std::map<std::string, std::string> fabric_kernel_defines();

}  // namespace tt::tt_fabric::detail
