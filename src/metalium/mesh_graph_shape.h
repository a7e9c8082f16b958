// The mesh a mesh graph descriptor lays its chips out in, for the emulated
// cluster (rank bindings join each rank's chips into it). Read by the same
// textproto parser as MeshGraphDescriptor (mesh_graph_descriptor.cpp), so
// the runtime has one reader of the format.
#pragma once

#include <filesystem>
#include <optional>

#include "cluster/cluster.h"

namespace zyxtt::metalium {

// The first mesh descriptor's device_topology dims, e.g. `dims: [ 2, 4 ]` ->
// 2 x 4; none when the descriptor has no mesh or its topology is not 2-D.
// Throws Error(INVALID_ARGUMENT) naming the file when it cannot be read or
// parsed.
std::optional<cluster::MeshShape> mesh_graph_shape(const std::filesystem::path& path);

}  // namespace zyxtt::metalium
