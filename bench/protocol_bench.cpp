// Protocol costs measured beside their floor in the same run: a command round
// trip against a bare pipe ping-pong, shm transfers against memcpy.
#include <benchmark/benchmark.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include "common/shm.h"
#include "raw_client.h"
#include "zyxtt/client.h"

namespace {

namespace zc = zyxtt::client;

zc::Runtime& runtime() {
  static auto rt = [] {
    zc::SpawnOptions options;
    options.program = ZYXTT_RUNTIME_PATH;
    auto r = std::make_unique<zc::Runtime>(options);
    r->init(std::filesystem::temp_directory_path() / "zyxtt-bench-cache");
    return r;
  }();
  return *rt;
}

// A child that echoes each line back: the cheapest possible peer.
void BM_BarePipePingPong(benchmark::State& state) {
  int down[2], up[2];
  if (pipe(down) != 0 || pipe(up) != 0) std::abort();
  pid_t pid = fork();
  if (pid == 0) {
    close(down[1]);
    close(up[0]);
    char buf[4096];
    for (;;) {
      ssize_t n = read(down[0], buf, sizeof buf);
      if (n <= 0) _exit(0);
      if (write(up[1], buf, static_cast<size_t>(n)) != n) _exit(1);
    }
  }
  close(down[0]);
  close(up[1]);
  const char line[] = "{\"cmd\":\"free_buf\",\"index\":4294967295}\n";
  char buf[4096];
  for (auto _ : state) {
    if (write(down[1], line, sizeof line - 1) < 0) std::abort();
    size_t got = 0;
    while (got < sizeof line - 1) got += static_cast<size_t>(read(up[0], buf, sizeof buf));
  }
  close(down[1]);
  waitpid(pid, nullptr, 0);
  close(up[0]);
}
BENCHMARK(BM_BarePipePingPong)->UseRealTime();

void BM_RuntimeRoundTrip(benchmark::State& state) {
  auto& process = runtime().process();
  for (auto _ : state) {
    zc::Answer a = process.request(R"({"cmd":"free_buf","index":4294967295})", zc::ErrorKind::kMemoryAllocation);
    benchmark::DoNotOptimize(a.line.data());
  }
}
BENCHMARK(BM_RuntimeRoundTrip)->UseRealTime();

// The same command on the same kind of runtime, written and read raw.
void BM_RawRoundTrip(benchmark::State& state) {
  static zyxtt::bench::RawClient raw(ZYXTT_RUNTIME_PATH);
  for (auto _ : state) benchmark::DoNotOptimize(raw.round_trip(zyxtt::bench::kCheapCommand));
}
BENCHMARK(BM_RawRoundTrip)->UseRealTime();

// What the client library's request path adds: each iteration sends the
// command raw and then through the library to the same runtime process (the
// raw side opens its pipes again), so both see the same runtime and load;
// with two runtimes, whichever still polled after its answer took a CPU from
// the other side and the ratio swung between 0.7 and 2.5 from run to run.
// The counter vs_raw is the ratio of the summed times.
void BM_ClientVsRawRoundTrip(benchmark::State& state) {
  auto& process = runtime().process();
  static zyxtt::bench::RawClient raw = zyxtt::bench::RawClient::attach(process.pid());
  std::chrono::duration<double> client{0}, bare{0};
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    raw.round_trip(zyxtt::bench::kCheapCommand);
    const auto t1 = std::chrono::steady_clock::now();
    zc::Answer a = process.request(R"({"cmd":"free_buf","index":4294967295})", zc::ErrorKind::kMemoryAllocation);
    const auto t2 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(a.line.data());
    bare += t1 - t0;
    client += t2 - t1;
    state.SetIterationTime(std::chrono::duration<double>(t2 - t1).count());
  }
  state.counters["raw_ns"] = bare.count() * 1e9 / static_cast<double>(state.iterations());
  state.counters["vs_raw"] = client.count() / bare.count();
}
BENCHMARK(BM_ClientVsRawRoundTrip)->UseManualTime();

constexpr size_t kTransferBytes = 64ull << 20;

void BM_Memcpy64MiB(benchmark::State& state) {
  std::vector<char> src(kTransferBytes, 1), dst(kTransferBytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), kTransferBytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kTransferBytes);
}
BENCHMARK(BM_Memcpy64MiB)->UseRealTime();

// The client's object is made once, as a caller reusing a staging buffer
// would; the runtime still opens and copies it on every command. Its first
// two transfers are not timed: the first goes through the descriptor (and
// faults the DRAM pages in), the second maps the object.
void BM_WriteBuf64MiB(benchmark::State& state) {
  uint32_t buf = runtime().alloc_buf(kTransferBytes);
  zyxtt::ShmMapping shm = zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes);
  std::memset(shm.data(), 3, kTransferBytes);
  for (int i = 0; i < 2; ++i) runtime().write_buf(buf, shm.name(), kTransferBytes);
  for (auto _ : state) runtime().write_buf(buf, shm.name(), kTransferBytes);
  state.SetBytesProcessed(state.iterations() * kTransferBytes);
  runtime().free_buf(buf);
}
BENCHMARK(BM_WriteBuf64MiB)->UseRealTime();

void BM_ReadBuf64MiB(benchmark::State& state) {
  uint32_t buf = runtime().alloc_buf(kTransferBytes);
  zyxtt::ShmMapping shm = zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes);
  std::memset(shm.data(), 3, kTransferBytes);
  runtime().write_buf(buf, shm.name(), kTransferBytes);
  for (int i = 0; i < 2; ++i) runtime().read_buf(buf, shm.name(), kTransferBytes);
  for (auto _ : state) runtime().read_buf(buf, shm.name(), kTransferBytes);
  state.SetBytesProcessed(state.iterations() * kTransferBytes);
  runtime().free_buf(buf);
}
BENCHMARK(BM_ReadBuf64MiB)->UseRealTime();

// As zyx transfers: a new object for every command, filled (or read) by the
// client and unlinked after the answer; the object's making is not timed.
void BM_WriteBuf64MiBNewObject(benchmark::State& state) {
  uint32_t buf = runtime().alloc_buf(kTransferBytes);
  runtime().write_buf(buf, zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes).name(), kTransferBytes);
  zyxtt::ShmMapping shm;
  for (auto _ : state) {
    state.PauseTiming();
    shm = zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes);  // drops the last
    std::memset(shm.data(), 3, kTransferBytes);
    state.ResumeTiming();
    runtime().write_buf(buf, shm.name(), kTransferBytes);
  }
  state.SetBytesProcessed(state.iterations() * kTransferBytes);
  runtime().free_buf(buf);
}
BENCHMARK(BM_WriteBuf64MiBNewObject)->UseRealTime();

void BM_ReadBuf64MiBNewObject(benchmark::State& state) {
  uint32_t buf = runtime().alloc_buf(kTransferBytes);
  runtime().write_buf(buf, zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes).name(), kTransferBytes);
  zyxtt::ShmMapping shm;
  for (auto _ : state) {
    state.PauseTiming();
    shm = zyxtt::ShmMapping::create_unique("zyxtt-bench", kTransferBytes);  // drops the last
    state.ResumeTiming();
    runtime().read_buf(buf, shm.name(), kTransferBytes);
  }
  state.SetBytesProcessed(state.iterations() * kTransferBytes);
  runtime().free_buf(buf);
}
BENCHMARK(BM_ReadBuf64MiBNewObject)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
