#pragma once

#include <cstdint>

namespace tt::tt_metal {
using CBHandle = uintptr_t;
class CircularBuffer;
}  // namespace tt::tt_metal
