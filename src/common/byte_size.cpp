#include "common/byte_size.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <string>

namespace zyxtt {

std::optional<uint64_t> parse_byte_size(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
  if (i == 0) return std::nullopt;
  const std::string number(text.substr(0, i));
  char* end = nullptr;
  const double value = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size()) return std::nullopt;
  std::string_view unit = text.substr(i);
  if (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  double scale = 1;
  if (!unit.empty()) {
    switch (std::toupper(static_cast<unsigned char>(unit.front()))) {
      case 'B': scale = 1; unit.remove_prefix(1); break;
      case 'K': scale = 0x1p10; unit.remove_prefix(1); break;
      case 'M': scale = 0x1p20; unit.remove_prefix(1); break;
      case 'G': scale = 0x1p30; unit.remove_prefix(1); break;
      case 'T': scale = 0x1p40; unit.remove_prefix(1); break;
      default: return std::nullopt;
    }
    if (scale > 1 && (unit == "iB" || unit == "ib" || unit == "B" || unit == "b")) unit = {};
    if (!unit.empty()) return std::nullopt;
  }
  const double bytes = value * scale;
  if (!std::isfinite(bytes) || bytes >= 0x1p64) return std::nullopt;
  return static_cast<uint64_t>(bytes);
}

std::string format_byte_size(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  double value = static_cast<double>(bytes);
  while (value >= 1024 && unit < 6) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0 || value == std::floor(value)) return fmt::format("{} {}", static_cast<uint64_t>(value), kUnits[unit]);
  return fmt::format("{:.1f} {}", value, kUnits[unit]);
}

std::optional<uint64_t> host_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    if (line.rfind("MemTotal:", 0) == 0) return std::strtoull(line.c_str() + 9, nullptr, 10) * 1024;  // in kB
  }
  return std::nullopt;
}

}  // namespace zyxtt
