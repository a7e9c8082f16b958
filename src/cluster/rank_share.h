// Which chips of a cluster each MPI rank emulates when one mesh spans several
// processes (tt-metal's multi-host runtime: each host owns a block of the
// global mesh). Every rank builds the same cluster; this says whose chip is
// whose. One process owns every chip.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/cluster.h"

namespace zyxtt::cluster {

struct RankShare {
  static constexpr uint32_t kNoRank = ~0u;
  uint32_t rank = 0;
  uint32_t ranks = 1;
  std::vector<uint32_t> owner;  // by chip id: the rank that emulates it, or kNoRank
  // The block of the mesh this rank holds (tt-metal's local mesh shape).
  MeshCoord local_origin;
  MeshShape local_shape;

  bool spans_ranks() const { return ranks > 1; }
  bool local(uint32_t chip) const { return owner.at(chip) == rank; }
  std::vector<uint32_t> chips_of(uint32_t of_rank) const;
};

// Every chip in this process.
RankShare whole_cluster(const Cluster& cluster);

// The mesh cut into `ranks` equal blocks along its longer dimension (rows on
// a tie, the other when the longer does not divide): a Galaxy's 8 x 4 over 4
// ranks gives 2 x 4 each, 8xp150's 2 x 4 over 2 gives 2 x 2. Throws
// Error(INVALID_ARGUMENT) when neither dimension divides, saying how to give
// each rank its chips.
RankShare split_evenly(const Cluster& cluster, uint32_t rank, uint32_t ranks);

// Each rank's chips as its launcher gave them (TT_VISIBLE_DEVICES, one entry
// per rank). Throws Error(INVALID_ARGUMENT) for a chip the cluster lacks, a
// chip given to two ranks, or a rank whose chips are not one rectangle of
// the mesh.
RankShare share_by_rank(const Cluster& cluster, uint32_t rank, const std::vector<std::vector<uint32_t>>& chips);

// "0,1,2" (tt-metal's TT_VISIBLE_DEVICES): chip ids; throws
// Error(INVALID_ARGUMENT) naming the text when it is not such a list.
std::vector<uint32_t> parse_chip_list(std::string_view text);

}  // namespace zyxtt::cluster
