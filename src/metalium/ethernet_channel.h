// A chip's logical ethernet cores are (0, channel), as on tt-metal's Blackhole.
#pragma once

#include <cstdint>

#include <tt-metalium/core_coord.hpp>

namespace zyxtt::metalium {

// The channel of logical ethernet core `logical`; refuses any other core.
uint32_t ethernet_channel_of(const tt::tt_metal::CoreCoord& logical);

}  // namespace zyxtt::metalium
