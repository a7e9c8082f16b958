// The card device's reuse, measured through the project's own TT-Metalium on
// the emulator: a Program built once and re-enqueued with new runtime args
// (what the metal device does) against one built from scratch on every run
// (what zyx's reference runtime does: CreateProgram, kernels and CBs each
// time). Both sides alternate in every iteration, so the ratio survives a
// machine whose load changes. The second pair sets the reused Program beside
// the JSON runtime's trivial run (issue 25): a TT-Metalium program talks to
// the emulator from its own process, so it should not cost more than a run
// that crosses three.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include "raw_client.h"
#include "scenario_programs.h"

namespace {

using namespace tt::tt_metal;

// Three kernels in zyx's shape that only read their args.
constexpr const char* kReader = "void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";
constexpr const char* kWriter = "void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";
constexpr const char* kCompute =
    "#include \"api/compute/common.h\"\nvoid kernel_main() { (void)get_arg_val<uint32_t>(0); }\n";

constexpr uint32_t kTrivialId = 1;

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

// A Program built once and kept in one workload that is enqueued again.
class ReusedProgram {
 public:
  ReusedProgram(distributed::MeshDevice& device, const CoreRange& cores)
      : device_(device), cores_(cores), built_(build(cores)) {
    workload_.add_program(distributed::MeshCoordinateRange(device.shape()), std::move(built_.program));
    run(0);  // compiles the kernels once; later runs find them cached
  }
  // New runtime args on every core, enqueue, wait; returns the seconds taken.
  double run(uint32_t value) {
    const auto start = std::chrono::steady_clock::now();
    set_args(built_, cores_, value, workload_.get_programs().begin()->second);
    distributed::EnqueueMeshWorkload(device_.mesh_command_queue(), workload_, /*blocking=*/true);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  distributed::MeshDevice& device_;
  CoreRange cores_;
  Built built_;
  distributed::MeshWorkload workload_;
};

void reused_vs_rebuilt(benchmark::State& state, std::size_t cols, std::size_t rows) {
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  const CoreRange cores({0, 0}, {cols - 1, rows - 1});
  ReusedProgram reused(*device, cores);
  double reused_s = 0, rebuilt_s = 0;
  uint32_t value = 1;
  for (auto _ : state) {
    reused_s += reused.run(value);
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

// The JSON runtime with the trivial program (three empty kernels, one CB)
// compiled, driven raw (plain write and read on its pipes).
zyxtt::bench::RawClient& json_runtime() {
  static zyxtt::bench::RawClient* raw = [] {
    const auto cache = std::filesystem::temp_directory_path() / ("zyxtt-metalium-bench-" + std::to_string(getpid()));
    auto* r = new zyxtt::bench::RawClient(ZYXTT_RUNTIME_PATH);
    const std::string init = r->command(R"({"cmd":"init","cache_dir":")" + cache.string() + R"("})");
    if (init != R"({"status":"ready"})") throw std::runtime_error("init: " + init);
    const std::string empty = "void kernel_main() {}\n";
    const zyxtt::testing::Kernels k{empty, empty, empty};
    const zyxtt::client::CbConfig cbs[] = {{0, zyxtt::client::CbFormat::kFloat32}};
    const std::string compiled = r->command(zyxtt::testing::compile_command(kTrivialId, k, cbs), empty + empty + empty);
    if (compiled != R"({"status":"ok"})") throw std::runtime_error("compile_program: " + compiled);
    return r;
  }();
  return *raw;
}

// Issue 25: a reused Program's enqueue and finish beside the JSON runtime's
// trivial run on as many cores; both alternate in every iteration and the
// counter vs_json is the ratio of the summed times.
void reused_vs_json(benchmark::State& state, std::size_t cols, std::size_t rows) {
  zyxtt::bench::RawClient& json = json_runtime();
  const std::string run = zyxtt::testing::run_command(kTrivialId, rows, cols, {}, {}) + "\n";
  const std::string first = json.command(run.substr(0, run.size() - 1));  // its worker is up, objects loaded
  if (first != R"({"status":"ok"})") throw std::runtime_error("run: " + first);
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  ReusedProgram reused(*device, CoreRange({0, 0}, {cols - 1, rows - 1}));
  double reused_s = 0, json_s = 0;
  uint32_t value = 1;
  for (auto _ : state) {
    const double r = reused.run(value++);
    const auto start = std::chrono::steady_clock::now();
    json.round_trip(run);
    const double j = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    reused_s += r;
    json_s += j;
    state.SetIterationTime(r);
  }
  state.counters["json_us"] = benchmark::Counter(json_s * 1e6 / state.iterations());
  state.counters["vs_json"] = benchmark::Counter(reused_s / json_s);
  device->close();
}
void BM_ReusedVsJsonRun1Core(benchmark::State& state) { reused_vs_json(state, 1, 1); }
void BM_ReusedVsJsonRunGrid(benchmark::State& state) { reused_vs_json(state, 12, 10); }
BENCHMARK(BM_ReusedVsJsonRun1Core)->Unit(benchmark::kMicrosecond)->UseManualTime();
BENCHMARK(BM_ReusedVsJsonRunGrid)->Unit(benchmark::kMicrosecond)->UseManualTime();

}  // namespace

BENCHMARK_MAIN();
