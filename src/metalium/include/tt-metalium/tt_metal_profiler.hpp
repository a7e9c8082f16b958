// tt-metal's device profiler, host side. On the emulator the profiler is on
// when TT_METAL_DEVICE_PROFILER starts with 1 (tt-metal's rule); every run's
// kernels and kernel markers are logged, and a read appends them to
// profile_log_device.csv in TT_METAL_PROFILER_DIR, else
// $TT_METAL_HOME/generated/profiler/, under .logs/.
#pragma once

#include <optional>
#include <string>

#include <tt-metalium/profiler_optional_metadata.hpp>
#include <tt-metalium/profiler_types.hpp>

namespace tt::tt_metal {
class IDevice;

namespace detail {

// Nothing to clear or set up on the emulator: markers go straight to the log.
void ClearProfilerControlBuffer(IDevice* device);
void InitDeviceProfiler(IDevice* device);
void ProfilerSync(ProfilerSyncState state);

// Appends every run's rows logged so far to the device log.
void ReadDeviceProfilerResults(IDevice* device, ProfilerReadState = ProfilerReadState::NORMAL,
                               const std::optional<ProfilerOptionalMetadata>& metadata = {});

// Later reads write into `output_dir` (created); "" keeps the default folder.
void SetDeviceProfilerDir(const std::string& output_dir = "");

// Removes the device log: the next read starts a fresh one.
void FreshProfilerDeviceLog();

}  // namespace detail
}  // namespace tt::tt_metal
