// tt-metal's device profiler, host side (tt_metal_profiler.hpp, host_api.hpp).
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <tt_metal/llrt/rtoptions.hpp>
#include <tt_stl/assert.hpp>

#include "common/error.h"
#include "metalium/device_profiler.h"

namespace zyxtt::metalium {
namespace {

// tt-metal's rule for its switches: on when the value starts with 1.
bool profiler_requested() {
  const char* value = std::getenv("TT_METAL_DEVICE_PROFILER");
  return value != nullptr && value[0] == '1';
}

// TT_METAL_PROFILER_DIR, else $TT_METAL_HOME/generated/profiler/ (else the
// working folder's), and its .logs/ folder, as tt-metal's profiler paths.
std::filesystem::path logs_dir() {
  std::filesystem::path artifacts;
  if (const char* dir = std::getenv("TT_METAL_PROFILER_DIR"); dir != nullptr) {
    artifacts = dir;
  } else {
    const char* home = std::getenv("TT_METAL_HOME");
    artifacts = std::filesystem::path(home != nullptr ? home : "") / "generated" / "profiler";
  }
  return artifacts / ".logs";
}

}  // namespace

const std::shared_ptr<emu::ProfileLog>& device_profile_log() {
  static const std::shared_ptr<emu::ProfileLog> log = [] {
    if (!profiler_requested()) return std::shared_ptr<emu::ProfileLog>{};
    auto made = std::make_shared<emu::ProfileLog>(logs_dir());
    made->fresh();
    return made;
  }();
  return log;
}

void dump_device_profile() {
  if (const auto& log = device_profile_log()) {
    try {
      log->dump();
    } catch (const Error& e) {
      TT_THROW("{}", e.what());
    }
  }
}

}  // namespace zyxtt::metalium

namespace tt::llrt {
bool RunTimeOptions::get_profiler_enabled() const { return zyxtt::metalium::device_profile_log() != nullptr; }
}  // namespace tt::llrt

namespace tt::tt_metal {

void ReadMeshDeviceProfilerResults(distributed::MeshDevice& mesh_device, ProfilerReadState,
                                   const std::optional<ProfilerOptionalMetadata>&) {
  if (zyxtt::metalium::device_profile_log() == nullptr) return;
  // As tt-metal: what was enqueued runs to its end before the read.
  for (uint8_t cq = 0; cq < mesh_device.num_hw_cqs(); ++cq) mesh_device.mesh_command_queue(cq).finish();
  zyxtt::metalium::dump_device_profile();
}

namespace detail {

void ClearProfilerControlBuffer(IDevice*) {}
void InitDeviceProfiler(IDevice*) {}
void ProfilerSync(ProfilerSyncState) {}

void ReadDeviceProfilerResults(IDevice*, ProfilerReadState, const std::optional<ProfilerOptionalMetadata>&) {
  zyxtt::metalium::dump_device_profile();
}

void SetDeviceProfilerDir(const std::string& output_dir) {
  const auto& log = zyxtt::metalium::device_profile_log();
  if (log == nullptr) return;
  // "" is the default folder again.
  const std::filesystem::path dir = output_dir.empty() ? zyxtt::metalium::logs_dir() : std::filesystem::path(output_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  TT_FATAL(!ec, "Could not create profiler output directory '{}'", dir.string());
  log->set_dir(dir);
}

void FreshProfilerDeviceLog() {
  if (const auto& log = zyxtt::metalium::device_profile_log()) log->fresh();
}

}  // namespace detail
}  // namespace tt::tt_metal
