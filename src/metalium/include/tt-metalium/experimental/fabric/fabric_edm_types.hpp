// The fabric's topologies as tt-metal names them (what get_fabric_topology answers).
#pragma once

#include <ostream>

namespace tt::tt_fabric {

enum class Topology { NeighborExchange = 0, Linear = 1, Ring = 2, Mesh = 3, Torus = 4 };

constexpr bool is_2D_topology(Topology topology) { return topology == Topology::Mesh || topology == Topology::Torus; }
constexpr bool is_ring_or_torus(Topology topology) { return topology == Topology::Ring || topology == Topology::Torus; }

std::ostream& operator<<(std::ostream& os, const Topology& topology);

}  // namespace tt::tt_fabric
