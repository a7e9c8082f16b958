// tt-metal's routing directions on a mesh (its mesh_graph.hpp; the MeshGraph
// class, read from mesh graph descriptors, is not emulated: the cluster's
// links are the graph, ControlPlane answers from them).
#pragma once

#include <tt_stl/indestructible.hpp>  // tt-metal's brings it; its users' statics use it

namespace tt::tt_fabric {

// N is the mesh row above (row - 1).
enum class RoutingDirection {
  N = 0,
  E = 1,
  S = 2,
  W = 3,
  Z = 4,
  C = 5,     // the destination is the source
  NONE = 6,  // the destination cannot be reached
};

}  // namespace tt::tt_fabric
