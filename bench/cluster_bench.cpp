// An emulated Blackhole Galaxy (32 chips, ZYX_TT_CLUSTER=galaxy) through the
// project's TT-Metalium: what opening it costs, what a started idle chip costs
// in memory, and a trivial program (three empty kernels on every worker core)
// on 1, 8 and 32 of its chips, whose times report.py sets beside one chip's.
#include <benchmark/benchmark.h>
#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

// Proportional set size of a process in KiB (shared pages split among their users).
double pss_kib(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/smaps_rollup");
  std::string key;
  double value = 0;
  while (in >> key) {
    if (key == "Pss:") {
      in >> value;
      return value;
    }
    in.ignore(1 << 20, '\n');
  }
  return 0;
}

// This process and its device workers, in KiB of PSS.
double our_pss_kib() {
  double total = pss_kib("self");
  const std::string me = std::to_string(getpid());
  DIR* proc = opendir("/proc");
  while (dirent* e = readdir(proc)) {
    const std::string pid = e->d_name;
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string field;
    for (int i = 0; i < 4 && stat >> field; ++i) {
    }
    if (field == me) total += pss_kib(pid);  // the fourth field is the parent
  }
  closedir(proc);
  return total;
}

// Chips start their device workers at their first run, so this is the
// host-side opening; the memory of a started idle chip is trivial_run's.
void BM_OpenCloseGalaxy(benchmark::State& state) {
  for (auto _ : state) MeshDevice::create(MeshDeviceConfig(MeshShape(8, 4)))->close();
}
BENCHMARK(BM_OpenCloseGalaxy)->Unit(benchmark::kMillisecond)->UseRealTime();

// Also reports what each chip costs in memory once started and idle
// (chip_mib: the PSS this process and its workers grew by, per chip).
void trivial_run(benchmark::State& state, uint32_t rows, uint32_t cols) {
  const double before = our_pss_kib();
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(rows, cols)));
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  const CoreRange cores({0, 0}, {grid.x - 1, grid.y - 1});
  Program program = CreateProgram();
  CreateKernelFromString(program, "void kernel_main() {}\n", cores, ReaderDataMovementConfig{});
  CreateKernelFromString(program, "#include \"api/compute/common.h\"\nvoid kernel_main() {}\n", cores, ComputeConfig{});
  CreateKernelFromString(program, "void kernel_main() {}\n", cores, WriterDataMovementConfig{});
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);  // compiles, starts the workers; not timed
  state.counters["chip_mib"] = (our_pss_kib() - before) / 1024 / (rows * cols);
  for (auto _ : state) EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  mesh->close();
}
void BM_TrivialRun1Chip(benchmark::State& state) { trivial_run(state, 1, 1); }
void BM_TrivialRun8Chips(benchmark::State& state) { trivial_run(state, 2, 4); }
void BM_TrivialRun32Chips(benchmark::State& state) { trivial_run(state, 8, 4); }
BENCHMARK(BM_TrivialRun1Chip)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TrivialRun8Chips)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TrivialRun32Chips)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  setenv("ZYX_TT_CLUSTER", "galaxy", 1);  // before the first TT-Metalium call reads it
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
