// Deterministic, well-mixed input bits for tests: the splitmix64 finaliser.
#pragma once

#include <cstdint>

namespace zyxtt::testing {

inline uint32_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return static_cast<uint32_t>(x ^ (x >> 31));
}

}  // namespace zyxtt::testing
