// A trace of every run of this process in the Trace Event format that
// Perfetto's UI and chrome://tracing open (the {"traceEvents": [...]} form):
// a process per chip, a track per core and processor plus one for the NOC
// writes that land in a core's L1, and one for the runs themselves.
// Timestamps ("ts", "dur") are microseconds of the timing model's clock
// (timing/model.h), each chip's runs back to back; every event also carries
// the emulator's wall time since the file was opened ("wall_us", "wall_dur_us").
//
// Every chip of a process appends to the one TraceFile of a path, each run
// as a whole, flushed. The closing "]}" is written when the last chip lets
// go of the file or the process exits normally; a process killed mid-run
// leaves a file without it, which chrome://tracing and Perfetto still load.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "device/emu/trace/trace_record.h"

namespace zyxtt::emu {

// What the runtime knows of a run, around the records its cores made.
struct TracedRun {
  uint32_t chip = 0;
  std::string name;                  // the run's `what`
  std::vector<std::string> kernels;  // kernel names, by index in the program
  std::string args_json;             // a JSON value: the program and its runtime args (run_description.h)
  uint64_t begin_ns = 0, end_ns = 0;  // steady clock, as the records
  std::string error;                  // empty when the run succeeded
  uint64_t dropped = 0;               // records the worker had no room for
  uint64_t model_begin = 0;           // where the run began on its chip's model clock (EmuDevice)
  uint64_t model_cycles = 0;          // the run's model time
};

class TraceFile {
 public:
  // The trace at `path` of this process, created (truncated) on first use.
  // Throws Error(kInvalidArgument) when it cannot be created.
  static std::shared_ptr<TraceFile> open(const std::string& path);

  explicit TraceFile(const std::string& path);
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  void append(const TracedRun& run, std::span<const TraceRecord> records);
  // A host command on the chip's model clock (a launch's dispatch, a
  // transfer over PCIe: `bytes` of them), on the chip's runs track.
  void host_span(uint32_t chip, const std::string& name, uint64_t model_begin, uint64_t model_cycles, uint64_t bytes,
                 uint64_t begin_ns, uint64_t end_ns);
  // Writes the closing bracket; later appends are ignored.
  void close();

 private:
  // Wall clock: microseconds since the file was opened, of a steady-clock time.
  double us(uint64_t ns) const;
  void event(const std::string& text);
  // Names the chip's process and the track `tid` the first time they appear.
  void name_track(uint32_t chip, uint64_t tid, const std::string& name);
  void record(const TracedRun& run, const TraceRecord& r);

  std::mutex mutex_;
  std::FILE* file_ = nullptr;
  uint64_t epoch_ns_ = 0;
  uint64_t next_flow_ = 1;
  bool first_ = true;
  std::set<uint32_t> named_chips_;
  std::set<std::pair<uint32_t, uint64_t>> named_tracks_;
  // Model clock: where each chip's next run starts, microseconds.
  double run_start_us_ = 0;  // of the run being appended
};

// A string as a JSON string literal, quotes included (invalid UTF-8 replaced).
std::string json_string(const std::string& text);

}  // namespace zyxtt::emu
