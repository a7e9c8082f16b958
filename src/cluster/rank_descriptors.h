// tt-metal's per-rank mock cluster descriptors, as tt-run's
// --mock-cluster-rank-binding file names them (rank_to_cluster_mock_cluster_desc:
// rank -> descriptor): each rank's host joined into one cluster, rank 0's
// chips first, links between hosts matched by the far chip's unique id.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cluster/cluster.h"

namespace zyxtt::cluster {

struct RankedCluster {
  Cluster cluster;
  std::vector<std::vector<uint32_t>> chips_by_rank;  // the cluster's chip ids each rank's descriptor gave
};

// Reads `mapping` and every descriptor it names (a relative path is taken
// from `home`, tt-metal's TT_METAL_HOME, else from the mapping's folder).
// `mesh` is the shape the joined chips form (a mesh graph descriptor's
// device_topology: metalium/mesh_graph_shape.h). Throws Error(INVALID_ARGUMENT) naming the file for a
// mapping that is not one, a rank missing from 0..n-1, or a remote link whose
// far chip no descriptor has.
RankedCluster read_rank_descriptors(const std::filesystem::path& mapping, const std::filesystem::path& home,
                                    std::optional<MeshShape> mesh);
// The same from each rank's descriptor file, ranks 0..n-1 in order; `name`
// stands for them in messages.
RankedCluster join_rank_descriptors(const std::vector<std::filesystem::path>& by_rank, const std::string& name,
                                    std::optional<MeshShape> mesh);

}  // namespace zyxtt::cluster
