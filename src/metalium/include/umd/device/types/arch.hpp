// The chip architectures tt-umd names.
#pragma once

#include <cstdint>

namespace tt {
enum class ARCH : std::uint8_t { JAWBRIDGE = 0, GRAYSKULL = 1, WORMHOLE_B0 = 2, BLACKHOLE = 3, QUASAR = 4, Invalid = 0xFF };
}  // namespace tt
