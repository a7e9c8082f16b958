// tt-umd's kinds of cores and coordinate systems, and its coordinate that
// carries both (tt::umd::CoreCoord; tt-metal's CoreCoord is the plain pair).
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/xy_pair.hpp>

namespace tt {

// tt-umd's order at tt-metal's pin.
enum class CoreType {
  ARC,
  DRAM,
  ACTIVE_ETH,
  IDLE_ETH,
  PCIE,
  TENSIX,
  ROUTER_ONLY,
  SECURITY,
  L2CPU,
  DISPATCH,
  HARVESTED,
  ETH,
  WORKER,
  COUNT,
  UNSPECIFIED,
};

// LITERAL: coordinates taken as given, translated by nothing.
enum class CoordSystem : std::uint8_t { LOGICAL, NOC0, TRANSLATED, NOC1, LITERAL };

// "WORKER", "DRAM", ...; "UNKNOWN" for COUNT.
std::string to_str(CoreType core_type);

namespace umd {

struct CoreCoord : public xy_pair {
  CoreCoord() = default;
  constexpr CoreCoord(std::size_t x, std::size_t y, CoreType type = CoreType::UNSPECIFIED,
                      CoordSystem system = CoordSystem::LITERAL)
      : xy_pair(x, y), core_type(type), coord_system(system) {}
  constexpr CoreCoord(xy_pair core, CoreType type = CoreType::UNSPECIFIED, CoordSystem system = CoordSystem::LITERAL)
      : xy_pair(core), core_type(type), coord_system(system) {}

  CoreType core_type = CoreType::UNSPECIFIED;
  CoordSystem coord_system = CoordSystem::LITERAL;

  bool operator==(const CoreCoord& o) const {
    return x == o.x && y == o.y && core_type == o.core_type && coord_system == o.coord_system;
  }
  // x, then y, then kind, then system.
  bool operator<(const CoreCoord& o) const {
    if (x != o.x) return x < o.x;
    if (y != o.y) return y < o.y;
    if (core_type != o.core_type) return core_type < o.core_type;
    return coord_system < o.coord_system;
  }
};

}  // namespace umd
}  // namespace tt
