// What one Tensix core holds, as tt-metal's firmware sizes it: the emulator's
// L1 layout, every device's capabilities, the kernel API's per-CB tables and
// our TT-Metalium read these numbers here. Part of the kernel ABI contract.
#pragma once

#include <cstdint>

namespace zyxtt::limits {

inline constexpr uint32_t kMaxRuntimeArgs = 341;      // one kernel on one core, per-core and common together
inline constexpr uint32_t kMaxSemaphores = 16;        // tt-metal's NUM_SEMAPHORES
inline constexpr uint32_t kMaxCircularBuffers = 64;   // CB indices, tt-metal's NUM_CIRCULAR_BUFFERS

}  // namespace zyxtt::limits
