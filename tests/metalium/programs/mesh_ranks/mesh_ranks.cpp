// One 2 x 4 mesh (ZYX_TT_CLUSTER=8xp150) over the ranks of an MPI job: each
// rank opens only its block of chips, runs its part of a workload addressed
// to the whole mesh, and a read of a sharded buffer brings every shard, the
// other ranks' included. Run with mpirun -np 2 (2 x 2 blocks) or -np 4
// (2 x 1). `visible`: a rank binding file (ZYX_TT_RANK_BINDING) gives each
// of 2 ranks a row through TT_VISIBLE_DEVICES instead.
#include <cstdlib>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "../common/stamp_program.hpp"
#include "what_of.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

uint32_t stamp_of(const MeshCoordinate& c) { return 1000 + 10 * c[0] + c[1]; }

}  // namespace

int main(int argc, char** argv) {
  const bool by_columns = argc > 1 && std::string(argv[1]) == "visible";
  const auto& world = multihost::DistributedContext::get_current_world();
  const auto ranks = static_cast<uint32_t>(*world->size());
  const auto rank = static_cast<uint32_t>(*world->rank());
  TT_FATAL(ranks == 2 || ranks == 4, "run under mpirun -np 2 or 4, not {}", ranks);
  TT_FATAL(UsingDistributedEnvironment(), "a job of {} ranks is a distributed environment", ranks);

  // The blocks: columns split evenly (2 x 4 cut along its longer side), or
  // with TT_VISIBLE_DEVICES rows on 2 ranks (1 x 4 each).
  const MeshShape local = by_columns ? MeshShape(1, 4) : MeshShape(2, 4 / ranks);
  TT_FATAL(SystemMesh::instance().shape() == MeshShape(2, 4), "global shape {}", SystemMesh::instance().shape());
  TT_FATAL(SystemMesh::instance().local_shape() == local, "rank {}: local shape {}, expected {}", rank,
           SystemMesh::instance().local_shape(), local);
  auto in_block = [&](const MeshCoordinate& c) {
    return by_columns ? c[0] == rank : c[1] / local[1] == rank;
  };

  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)));
  TT_FATAL(mesh->shape() == MeshShape(2, 4) && mesh->num_devices() == 8, "the mesh is global");
  TT_FATAL(mesh->get_devices().size() == local.mesh_size(), "rank {} holds {} devices, expected {}", rank,
           mesh->get_devices().size(), local.mesh_size());
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh->shape())) {
    TT_FATAL(mesh->is_local(c) == in_block(c), "rank {}: is_local({}) = {}", rank, c, mesh->is_local(c));
    if (!mesh->is_local(c)) {
      const std::string error = what_of([&] { mesh->get_device(c); });
      TT_FATAL(error.find("another rank emulates it") != std::string::npos, "get_device of a remote one: {}", error);
    }
  }
  const MeshCoordinateRange mine = mesh->get_view().get_local_mesh_coord_range();
  TT_FATAL(mine.shape() == local, "rank {}: local range of shape {}", rank, mine.shape());

  // One 16-word shard per device; a program per device stamps its own.
  auto buffer = MeshBuffer::create(
      distributed::ShardedBufferConfig{.global_size = 2 * 64 * 4, .global_buffer_shape = {2, 64}, .shard_shape = {1, 16}},
      DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, mesh.get());
  auto& cq = mesh->mesh_command_queue();
  EnqueueWriteMeshBuffer(cq, buffer, std::vector<uint32_t>(2 * 64, 7), true);
  MeshWorkload workload;
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh->shape())) {
    const uint32_t value = stamp_of(c);
    workload.add_program(MeshCoordinateRange(c, c), metalium_test::stamp_program({1, 1}, *buffer, [&](uint32_t) {
                           return value;
                         }));
  }
  EnqueueMeshWorkload(cq, workload, false);
  std::vector<uint32_t> all;
  EnqueueReadMeshBuffer(cq, all, buffer, true);
  TT_FATAL(all.size() == 2 * 64, "read {} words", all.size());
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh->shape()))
    for (uint32_t i = 0; i < 16; ++i) {
      const uint32_t got = all[c[0] * 64 + c[1] * 16 + i];
      TT_FATAL(got == stamp_of(c), "rank {}: the shard of device {} holds {} at word {}, expected {}", rank, c, got, i,
               stamp_of(c));
    }

  // Nor can another rank's chip be opened alone.
  const std::string error = what_of([&] { MeshDevice::create_unit_mesh(by_columns ? 4 * (1 - rank) : 0); });
  if (rank != 0 || by_columns)
    TT_FATAL(error.find("is emulated by rank") != std::string::npos, "rank {}: a remote chip opened: {}", rank, error);
  mesh->close();
  world->barrier();
  if (rank == 0) fmt::print("mesh over {} ranks: every shard read back\n", ranks);
  return 0;
}
