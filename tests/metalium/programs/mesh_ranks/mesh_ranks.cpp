// One 2 x 4 mesh (ZYX_TT_CLUSTER=8xp150) over the ranks of an MPI job: each
// rank opens only its block of chips, runs its part of a workload addressed
// to the whole mesh, and a read of a sharded buffer brings every shard, the
// other ranks' included. Run with mpirun -np 2 (2 x 2 blocks) or -np 4
// (2 x 1). `visible`: a rank binding file (ZYX_TT_RANK_BINDING) gives each
// of 2 ranks a row through TT_VISIBLE_DEVICES instead.
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <map>
#include <numeric>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_metal/impl/kernels/kernel.hpp>

#include "../common/eth_link.hpp"
#include "../common/stamp_program.hpp"
#include "what_of.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kTileBytes = 4096;

std::string kernel(const char* name) { return std::string(OVERRIDE_KERNEL_PREFIX "eth_ring/kernels/") + name; }

std::vector<uint32_t> accessor_args(const MeshBuffer& buffer) {
  std::vector<uint32_t> cta;
  TensorAccessorArgs(buffer).append_to(cta);
  return cta;
}

// eth_ring's ring (tests/metalium/programs/eth_ring) on a 2 x 2 mesh whose
// rows are two ranks: (0,0) -> (0,1) -> (1,1) -> (1,0) -> (0,0), two of the
// hops crossing ranks. Each rank builds and runs its chips' kernels and
// checks its chips' copies of the tile, one more added at every hop.
void ring(uint32_t rank) {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
  const std::vector<MeshCoordinate> order = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
  auto tile_buffer = [&] {
    return MeshBuffer::create(ReplicatedBufferConfig{.size = kTileBytes},
                              DeviceLocalBufferConfig{.page_size = kTileBytes, .buffer_type = BufferType::DRAM},
                              mesh.get());
  };
  auto src = tile_buffer();
  auto copies = tile_buffer();
  std::vector<uint32_t> tile(kTileBytes / 4);
  std::iota(tile.begin(), tile.end(), 1000u);
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), src, tile, true);
  const uint32_t l1 = hal::get_erisc_l1_unreserved_base();
  std::map<size_t, Program> programs;
  for (size_t i = 0; i < order.size(); ++i) programs.emplace(i, CreateProgram());
  auto link_of = [&](const MeshCoordinate& from, const MeshCoordinate& to) {
    return metalium_test::eth_link(*mesh, from, to);
  };
  for (size_t hop = 0; hop < order.size(); ++hop) {
    const MeshCoordinate& from = order[hop];
    const MeshCoordinate& to = order[(hop + 1) % order.size()];
    if (!mesh->is_local(from) && !mesh->is_local(to)) continue;  // another rank's hop
    const auto [out, in] = link_of(from, to);
    if (mesh->is_local(from)) {
      const KernelHandle send = CreateKernel(programs.at(hop), kernel("ring_send.cpp"), out,
                                             EthernetConfig{.noc = NOC::NOC_0, .compile_args = accessor_args(*src)});
      SetRuntimeArgs(programs.at(hop), send, out, {kTileBytes, l1, hop == 0 ? 1u : 0u, src->address()});
    }
    if (mesh->is_local(to)) {
      const size_t at = (hop + 1) % order.size();
      const bool home = at == 0;
      const CoreCoord onward = home ? CoreCoord{0, 0} : link_of(to, order[(hop + 2) % order.size()]).first;
      const CoreCoord onward_noc = mesh->get_device(to)->ethernet_core_from_logical_core(onward);
      const KernelHandle receive = CreateKernel(programs.at(at), kernel("ring_receive.cpp"), in,
                                                EthernetConfig{.noc = NOC::NOC_0, .compile_args = accessor_args(*copies)});
      SetRuntimeArgs(programs.at(at), receive, in,
                     {kTileBytes, l1, copies->address(), home ? 0u : 1u, static_cast<uint32_t>(onward_noc.x),
                      static_cast<uint32_t>(onward_noc.y)});
    }
  }
  MeshWorkload workload;
  for (size_t i = 0; i < order.size(); ++i)
    workload.add_program(MeshCoordinateRange(order[i], order[i]), std::move(programs.at(i)));
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, false);
  Finish(mesh->mesh_command_queue());
  for (size_t hop = 1; hop <= order.size(); ++hop) {
    const MeshCoordinate& at = order[hop % order.size()];
    if (!mesh->is_local(at)) continue;
    std::vector<uint32_t> got;
    ReadShard(mesh->mesh_command_queue(), got, copies, at);
    std::vector<uint32_t> want(tile);
    for (uint32_t& w : want) w += static_cast<uint32_t>(hop);
    TT_FATAL(got == want, "rank {}: device {} (hop {}) holds {} at word 0, expected {}", rank, at, hop, got.at(0),
             want.at(0));
  }
  mesh->close();
}

uint32_t stamp_of(const MeshCoordinate& c) { return 1000 + 10 * c[0] + c[1]; }

}  // namespace

int main(int argc, char** argv) {
  const bool by_columns = argc > 1 && std::string(argv[1]) == "visible";
  const auto& world = multihost::DistributedContext::get_current_world();
  const auto ranks = static_cast<uint32_t>(*world->size());
  const auto rank = static_cast<uint32_t>(*world->rank());
  const std::string how = argc > 1 ? argv[1] : "";
  if (how == "throw" || how == "kill") {
    // Every rank's chips run a workload, then rank 1 fails while rank 0
    // waits for its shards: the job ends, workers and all.
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)));
    auto buffer = MeshBuffer::create(
        distributed::ShardedBufferConfig{.global_size = 2 * 64 * 4, .global_buffer_shape = {2, 64}, .shard_shape = {1, 16}},
        DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, mesh.get());
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()),
                         metalium_test::stamp_program({1, 1}, *buffer, [](uint32_t) { return 5u; }));
    EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
    if (rank == 1) {
      if (how == "kill") raise(SIGKILL);
      throw std::runtime_error("deliberate failure on rank 1 with its chips open");
    }
    std::vector<uint32_t> all;
    EnqueueReadMeshBuffer(mesh->mesh_command_queue(), all, buffer, true);
    fmt::print("rank {} outlived rank 1\n", rank);
    return 0;
  }
  if (how == "ring") {
    ring(rank);
    world->barrier();
    if (rank == 0) fmt::print("ring over {} ranks: every copy checked\n", ranks);
    return 0;
  }
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

  const SystemMesh::MappedDevices mapped = SystemMesh::instance().get_mapped_devices(std::nullopt);
  TT_FATAL(mapped.mesh_shape == MeshShape(2, 4) && mapped.device_ids.size() == 8 && mapped.fabric_node_ids.size() == 8,
           "the system mesh maps 8 devices");
  for (const MeshCoordinate& c : MeshCoordinateRange(MeshShape(2, 4)))
    TT_FATAL(mapped.device_ids[c.to_linear_index(MeshShape(2, 4))].is_local() == in_block(c),
             "rank {}: the system mesh maps {} as {}", rank, c, mapped.device_ids[c.to_linear_index(MeshShape(2, 4))]
                                                                    .to_string());
  TT_FATAL(extract_locals(mapped.device_ids).size() == local.mesh_size(), "rank {} maps its own devices", rank);

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
