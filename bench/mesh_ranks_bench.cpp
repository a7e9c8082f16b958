// A mesh over MPI ranks, timed (BENCHMARKS.md, "Meshes over ranks"); run
// under mpirun, rank 0 prints. Not Google Benchmark: the ranks time one
// loop together, between barriers.
//   galaxy RUNS      ZYX_TT_CLUSTER=galaxy: a stamp program on a 4 x 4 grid
//                    of every chip of the 8 x 4 mesh, RUNS times (after one
//                    run that compiles): ms per run, whichever ranks emulate it
//   ethernet COUNT   ZYX_TT_CLUSTER=p300: chip 0 streams COUNT 4 KiB blocks
//                    to chip 1, each acknowledged: us per block, the chips in
//                    one process (1 rank) or two (2 ranks)
//   idle SECONDS     ZYX_TT_CLUSTER=p300 over 2 ranks: the mesh open and a run
//                    done, the ranks idle: CPU seconds this rank spends then
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt_metal/impl/kernels/kernel.hpp>

#include "../tests/metalium/programs/common/eth_link.hpp"
#include "../tests/metalium/programs/common/stamp_program.hpp"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

const auto& world() { return multihost::DistributedContext::get_current_world(); }

// Seconds `body` takes on the slowest rank.
template <typename Body>
double timed(Body&& body) {
  world()->barrier();
  const auto start = std::chrono::steady_clock::now();
  body();
  world()->barrier();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void galaxy(int runs) {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(8, 4)));
  auto out = MeshBuffer::create(ReplicatedBufferConfig{.size = 16 * 64},
                                DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, mesh.get());
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh->shape()),
                       metalium_test::stamp_program({4, 4}, *out, [](uint32_t page) { return page; }));
  auto& cq = mesh->mesh_command_queue();
  EnqueueMeshWorkload(cq, workload, true);
  const double seconds = timed([&] {
    for (int i = 0; i < runs; ++i) EnqueueMeshWorkload(cq, workload, true);
  });
  if (*world()->rank() == 0)
    std::printf("galaxy over %d ranks: %.2f ms per run of every chip (%d runs)\n", *world()->size(),
                1e3 * seconds / runs, runs);
}

void ethernet(uint32_t count) {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  const MeshCoordinate a(0, 0), b(0, 1);
  const auto [out, in] = metalium_test::eth_link(*mesh, a, b);
  const uint32_t l1 = hal::get_erisc_l1_unreserved_base();
  auto stream = [&](uint32_t blocks) {
    Program sender = CreateProgram(), receiver = CreateProgram();
    const KernelHandle s = CreateKernel(sender, ZYXTT_BENCH_KERNELS "/eth_stream_send.cpp", out, EthernetConfig{});
    SetRuntimeArgs(sender, s, out, {4096u, l1, blocks});
    const KernelHandle r = CreateKernel(receiver, ZYXTT_BENCH_KERNELS "/eth_stream_receive.cpp", in, EthernetConfig{});
    SetRuntimeArgs(receiver, r, in, {4096u, l1, blocks});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(a, a), std::move(sender));
    workload.add_program(MeshCoordinateRange(b, b), std::move(receiver));
    return timed([&] { EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true); });
  };
  stream(1);  // compiles
  const double none = stream(0);
  const double all = stream(count);
  if (*world()->rank() == 0)
    std::printf("ethernet, chips in %d process(es): %.2f us per acknowledged 4 KiB block (%u blocks)\n",
                *world()->size(), 1e6 * (all - none) / count, count);
}

double cpu_seconds() {
  rusage use{};
  getrusage(RUSAGE_SELF, &use);
  return static_cast<double>(use.ru_utime.tv_sec + use.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(use.ru_utime.tv_usec + use.ru_stime.tv_usec);
}

void idle(int seconds) {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  auto out = MeshBuffer::create(ReplicatedBufferConfig{.size = 64},
                                DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, mesh.get());
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh->shape()),
                       metalium_test::stamp_program({1, 1}, *out, [](uint32_t) { return 1u; }));
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  world()->barrier();
  const double before = cpu_seconds();
  std::this_thread::sleep_for(std::chrono::seconds(seconds));
  const double used = cpu_seconds() - before;
  if (*world()->rank() == 0)
    std::printf("idle over %d ranks: %.3f CPU s in %d s on rank 0 (%.2f %% of a core)\n", *world()->size(), used,
                seconds, 100 * used / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  const int n = argc > 2 ? std::stoi(argv[2]) : 0;
  if (what == "galaxy" && n > 0) galaxy(n);
  else if (what == "ethernet" && n > 0) ethernet(static_cast<uint32_t>(n));
  else if (what == "idle" && n > 0) idle(n);
  else TT_THROW("usage: mesh_ranks_bench galaxy RUNS | ethernet COUNT | idle SECONDS");
  return 0;
}
