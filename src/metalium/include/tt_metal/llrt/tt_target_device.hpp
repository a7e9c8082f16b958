#pragma once

#include <cstdint>

namespace tt {
// What a tt-metal process drives; the emulator reports Emule.
enum class TargetDevice : std::uint8_t { Silicon = 0, Simulator = 1, Mock = 2, Emule = 3, Invalid = 0xFF };
}  // namespace tt
