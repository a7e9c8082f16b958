// This process's share of the emulated cluster when a TT-Metalium program
// runs under an MPI launcher (mpirun, tt-run): which chips it emulates, and
// the ranks that share the mesh. One process, not launched by MPI, owns every
// chip and never starts MPI.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include <tt-metalium/distributed_context.hpp>

#include "cluster/rank_share.h"

namespace zyxtt::metalium {

// Whether an MPI launcher started this process as one rank of several.
bool launched_as_rank();

// Applies this rank's entry of the rank binding file ZYX_TT_RANK_BINDING
// (tt-metal's format: its env_overrides, e.g. TT_VISIBLE_DEVICES, replace the
// environment), once, before the cluster is chosen.
void apply_rank_binding();

// Each rank's chips: TT_VISIBLE_DEVICES on every rank, else the mesh cut
// evenly (cluster/rank_share.h). Decided on first use, together with the
// other ranks of the current world; throws Error(INVALID_ARGUMENT) when the
// ranks' chips do not fit the cluster.
const cluster::RankShare& rank_share();

// The ranks sharing the mesh (the current world); null for one process.
tt::tt_metal::distributed::multihost::ContextPtr mesh_ranks();

// The context the ranks' chips' deliveries travel on (metalium/rank_links.h);
// null for one process.
tt::tt_metal::distributed::multihost::ContextPtr link_traffic();

// Gives every rank of the mesh the bytes of a shard held by rank `owner`, on
// a context of its own (the program's messages never match these). Every
// rank calls it at the same point of its program, the owner with the shard
// read, as SPMD programs read a buffer. Waits by polling with sleeps (MPI's
// blocking calls would spin a core), at most the run timeout
// (ZYX_TT_RUN_TIMEOUT), then throws naming the rank that did not come.
void share_shard(std::span<std::byte> shard, uint32_t owner);

}  // namespace zyxtt::metalium
