// Byte ranges as the emulator's memory checks compare them.
#pragma once

#include <cstdint>

namespace zyxtt {

// Whether [a_lo, a_hi) and [b_lo, b_hi) share a byte.
constexpr bool byte_ranges_overlap(uint64_t a_lo, uint64_t a_hi, uint64_t b_lo, uint64_t b_hi) {
  return a_lo < b_hi && b_lo < a_hi;
}

}  // namespace zyxtt
