// A chip's logical ethernet cores are (0, channel), as on tt-metal's Blackhole.
#pragma once

#include <cstdint>
#include <unordered_set>

#include <tt-metalium/core_coord.hpp>

namespace zyxtt::metalium {

// The channel of logical ethernet core `logical`; refuses any other core.
uint32_t ethernet_channel_of(const tt::tt_metal::CoreCoord& logical);
// Chip `chip`'s ethernet cores linked to another chip; refuses a chip the cluster lacks.
std::unordered_set<tt::tt_metal::CoreCoord> active_ethernet_cores(int chip);

}  // namespace zyxtt::metalium
