// The real-time profiler's callbacks (experimental/realtime_profiler.hpp).
#include <tt-metalium/experimental/realtime_profiler.hpp>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <utility>
#include <vector>

#include "device/arch.h"
#include "metalium/mesh_device_impl.h"

namespace {

std::mutex g_mutex;  // held while callbacks run, so unregistering waits for them
std::vector<std::pair<uint64_t, tt::tt_metal::experimental::ProgramRealtimeProfilerCallback>> g_callbacks;
uint64_t g_next_handle = 1;
std::atomic<bool> g_listening{false};

}  // namespace

namespace tt::tt_metal::experimental {

ProgramRealtimeProfilerCallbackHandle RegisterProgramRealtimeProfilerCallback(ProgramRealtimeProfilerCallback callback) {
  std::lock_guard lock(g_mutex);
  g_callbacks.emplace_back(g_next_handle, std::move(callback));
  g_listening = true;
  return g_next_handle++;
}

void UnregisterProgramRealtimeProfilerCallback(ProgramRealtimeProfilerCallbackHandle handle) {
  std::lock_guard lock(g_mutex);
  std::erase_if(g_callbacks, [&](const auto& c) { return c.first == handle; });
  g_listening = !g_callbacks.empty();
}

bool IsProgramRealtimeProfilerActive() { return true; }

}  // namespace tt::tt_metal::experimental

namespace tt::tt_metal::distributed {

bool realtime_profiler_listening() { return g_listening.load(std::memory_order_relaxed); }

std::shared_ptr<const std::vector<std::string>> kernel_sources(const tt_metal::detail::ProgramImpl& program) {
  if (!realtime_profiler_listening()) return nullptr;
  auto names = std::make_shared<std::vector<std::string>>();
  // A kernel from a file has that file's folder first among its include folders (CreateKernel).
  for (const zyxtt::program::KernelSpec& k : program.model.kernels)
    names->push_back(k.include_dirs.empty() ? k.name : (std::filesystem::path(k.include_dirs.front()) / k.name).string());
  return names;
}

void report_realtime_run(const ChipLaunch& launch) {
  if (!realtime_profiler_listening() || launch.run->host_id == 0 || launch.kernel_sources == nullptr) return;
  const std::optional<zyxtt::ModelSpan> span = launch.device->last_run_model_span();
  if (!span) return;
  // dispatch_s stamps a program's start before it sends the go signal and
  // its end when the workers report done: the launch's dispatch counts.
  const auto dispatch_cycles =
      static_cast<uint64_t>(std::llround(span->dispatch_seconds * zyxtt::kBlackholeClockMhz * 1e6));
  const experimental::ProgramRealtimeRecord record{
      .program_id = static_cast<uint32_t>(launch.run->host_id),
      .start_timestamp = span->begin_cycles - dispatch_cycles,
      .end_timestamp = span->end_cycles,
      .frequency = zyxtt::kBlackholeClockMhz / 1000.0,
      .chip_id = launch.chip,
      .kernel_sources = *launch.kernel_sources};
  std::lock_guard lock(g_mutex);
  for (const auto& [handle, callback] : g_callbacks) callback(record);
}

}  // namespace tt::tt_metal::distributed
