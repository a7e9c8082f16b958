#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>

namespace tt::tt_metal {
using CBHandle = uintptr_t;
class CircularBuffer;
}  // namespace tt::tt_metal
