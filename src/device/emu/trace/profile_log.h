// tt-metal's device-profiler log on the emulator: every profiled run's
// kernels (as the firmware's <RISC>-FW and <RISC>-KERNEL zones) and the
// markers its kernels made (DeviceZoneScopedN, DeviceTimestampedData,
// DeviceRecordEvent, summed zones) become rows of profile_log_device.csv in
// tt-metal's header and columns, timestamps in cycles of the chip's timing
// model (timing/model.h) since it opened.
// Rows wait in memory until dump() (ReadMeshDeviceProfilerResults, a
// device's close, the process's end) appends them to the file, or until
// they would take much memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "device/arch.h"
#include "device/emu/trace/trace_record.h"

namespace zyxtt::emu {

// One run of one chip, as the log names it.
struct ProfiledRun {
  uint32_t chip = 0;
  const Arch* arch = nullptr;
  uint64_t host_id = 0;  // tt-metal's "run host ID": the program's runtime id
  uint64_t base_cycles = 0;  // where the run began on the chip's model clock
};

class ProfileLog {
 public:
  // Logs into `dir` (tt-metal's generated/profiler/.logs), created on dump.
  explicit ProfileLog(std::filesystem::path dir);
  ~ProfileLog();
  ProfileLog(const ProfileLog&) = delete;
  ProfileLog& operator=(const ProfileLog&) = delete;

  // The rows of one run's records; `sites` are what its markers index.
  void append(const ProfiledRun& run, std::span<const TraceRecord> records, std::span<const std::string> sites);
  // Appends the rows kept so far to the file (header first when it is new).
  // Throws Error(kInvalidArgument) when the file cannot be written.
  void dump();
  // Later dumps go to `dir` (SetDeviceProfilerDir).
  void set_dir(std::filesystem::path dir);
  // Removes the file: the next dump starts a fresh one (FreshProfilerDeviceLog).
  void fresh();

 private:
  void dump_locked();

  mutable std::mutex mutex_;
  std::filesystem::path dir_;
  std::string header_;  // the first line: arch, clock and cores of the first run's chip
  std::string rows_;    // not dumped yet
};

}  // namespace zyxtt::emu
