// Values host and device code share (tt-metal's hostdevcommon/common_values.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

// Flag words kernels exchange through semaphores and mailboxes.
constexpr static std::uint32_t INVALID = 0;
constexpr static std::uint32_t VALID = 1;
// Zero means "device default" for these host-side sizes.
constexpr static std::size_t DEFAULT_L1_SMALL_SIZE = 0;
constexpr static std::size_t DEFAULT_TRACE_REGION_SIZE = 0;
constexpr static std::size_t DEFAULT_WORKER_L1_SIZE = 0;
