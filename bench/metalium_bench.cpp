// The card device's reuse, measured through the project's own TT-Metalium on
// the emulator: a Program built once and re-enqueued with new runtime args
// (what the metal device does) against one built from scratch on every run
// (what zyx's reference runtime does: CreateProgram, kernels and CBs each
// time). Both sides alternate in every iteration, so the ratio survives a
// machine whose load changes.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

namespace {

using namespace tt::tt_metal;

// Three kernels in zyx's shape that only read their args.
constexpr const char* kReader = "void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";
constexpr const char* kWriter = "void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";
constexpr const char* kCompute =
    "#include \"api/compute/common.h\"\nvoid kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";

struct Built {
  Program program;
  KernelHandle kernels[3];
};

// A program over `cores` (columns x rows from 0,0), with one 2-page Float32 CB.
Built build(const CoreRange& cores) {
  Built b{CreateProgram(), {}};
  b.kernels[0] = CreateKernelFromString(b.program, kReader, cores, ReaderDataMovementConfig{});
  b.kernels[1] = CreateKernelFromString(b.program, kCompute, cores, ComputeConfig{});
  b.kernels[2] = CreateKernelFromString(b.program, kWriter, cores, WriterDataMovementConfig{});
  CircularBufferConfig cb(2 * 4096, {{tt::CBIndex::c_0, tt::DataFormat::Float32}});
  cb.set_page_size(tt::CBIndex::c_0, 4096);
  CreateCircularBuffer(b.program, cores, cb);
  return b;
}

// Each kernel's args on each core of `program` (b's own, or where it moved).
void set_args(const Built& b, const CoreRange& cores, uint32_t value, Program& program) {
  for (uint32_t y = cores.start_coord.y; y <= cores.end_coord.y; ++y)
    for (uint32_t x = cores.start_coord.x; x <= cores.end_coord.x; ++x)
      for (KernelHandle k : b.kernels) SetRuntimeArgs(program, k, CoreCoord{x, y}, {value, y, x});
}

void reused_vs_rebuilt(benchmark::State& state, std::size_t cols, std::size_t rows) {
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  const CoreRange cores({0, 0}, {cols - 1, rows - 1});
  // The reused program travels in one workload that is enqueued again.
  Built reused = build(cores);
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(device->shape()), std::move(reused.program));
  Program& cached = workload.get_programs().begin()->second;
  auto run_reused = [&](uint32_t value) {
    const auto start = std::chrono::steady_clock::now();
    set_args(reused, cores, value, cached);
    distributed::EnqueueMeshWorkload(device->mesh_command_queue(), workload, /*blocking=*/true);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  run_reused(0);  // compiles the kernels once; both sides then find them cached
  double reused_s = 0, rebuilt_s = 0;
  uint32_t value = 1;
  for (auto _ : state) {
    reused_s += run_reused(value);
    const auto start = std::chrono::steady_clock::now();
    Built fresh = build(cores);
    set_args(fresh, cores, value, fresh.program);
    distributed::MeshWorkload once;
    once.add_program(distributed::MeshCoordinateRange(device->shape()), std::move(fresh.program));
    distributed::EnqueueMeshWorkload(device->mesh_command_queue(), once, /*blocking=*/true);
    rebuilt_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++value;
  }
  state.counters["reused_us"] = benchmark::Counter(reused_s * 1e6 / state.iterations());
  state.counters["rebuilt_us"] = benchmark::Counter(rebuilt_s * 1e6 / state.iterations());
  state.counters["vs_rebuilt"] = benchmark::Counter(reused_s / rebuilt_s);
  device->close();
}
void BM_ProgramReuse1Core(benchmark::State& state) { reused_vs_rebuilt(state, 1, 1); }
void BM_ProgramReuseGrid(benchmark::State& state) { reused_vs_rebuilt(state, 12, 10); }
BENCHMARK(BM_ProgramReuse1Core)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_ProgramReuseGrid)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
