// The links between chips of different MPI ranks: a thread per rank carries
// what this rank's chips post for other ranks' chips (emu/rank_mail.h) over
// MPI, in order, and applies what other ranks send to this rank's chips,
// then moves the cluster's epoch so that waiting kernels look again. It
// sleeps on the mail doorbell and polls MPI with growing naps while idle.
#pragma once

#include <memory>

#include "device/emu/cluster_memory.h"

namespace zyxtt::metalium {

// Starts carrying for `memory` when the mesh spans ranks (once per process;
// stops at exit, before MPI ends).
void start_rank_links(const std::shared_ptr<emu::ClusterMemory>& memory);

}  // namespace zyxtt::metalium
