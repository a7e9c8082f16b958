// The chip architectures tt-umd names, with its string forms.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <ostream>
#include <string>

namespace tt {
enum class ARCH : std::uint8_t { JAWBRIDGE = 0, GRAYSKULL = 1, WORMHOLE_B0 = 2, BLACKHOLE = 3, QUASAR = 4, Invalid = 0xFF };

// "wormhole" and "wormhole_b0" both name Wormhole; any case; Invalid otherwise.
static inline ARCH arch_from_str(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "wormhole" || lower == "wormhole_b0") return ARCH::WORMHOLE_B0;
  if (lower == "blackhole") return ARCH::BLACKHOLE;
  if (lower == "quasar") return ARCH::QUASAR;
  return ARCH::Invalid;
}

static inline std::string arch_to_str(ARCH arch) {
  switch (arch) {
    case ARCH::WORMHOLE_B0: return "wormhole_b0";
    case ARCH::BLACKHOLE: return "blackhole";
    case ARCH::QUASAR: return "quasar";
    default: return "Invalid";
  }
}

static inline std::ostream& operator<<(std::ostream& out, const ARCH& arch) { return out << arch_to_str(arch); }
}  // namespace tt

template <>
struct fmt::formatter<tt::ARCH> : fmt::formatter<std::string> {
  auto format(tt::ARCH arch, format_context& ctx) const { return fmt::formatter<std::string>::format(tt::arch_to_str(arch), ctx); }
};
