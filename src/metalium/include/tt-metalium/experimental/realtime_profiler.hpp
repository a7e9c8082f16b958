// tt-metal's real-time profiler: a callback per program run with its start
// and end on the device's clock. On the emulator the clock is the timing
// model's (README, "tt-metal's device profiler"); records come from the
// thread that ran the program, as the run ends.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tt::tt_metal::experimental {

struct ProgramRealtimeRecord {
  uint32_t program_id;                      // the program's runtime id
  uint64_t start_timestamp;                 // device cycles
  uint64_t end_timestamp;                   // device cycles
  double frequency;                         // cycles per nanosecond
  uint32_t chip_id;
  std::vector<std::string> kernel_sources;  // the program's kernel files
};

using ProgramRealtimeProfilerCallback = std::function<void(const ProgramRealtimeRecord& record)>;
using ProgramRealtimeProfilerCallbackHandle = uint64_t;

// Callbacks run in registration order for every run of a program whose
// runtime id is not 0 (tt-metal keeps 0 for its own traffic).
ProgramRealtimeProfilerCallbackHandle RegisterProgramRealtimeProfilerCallback(ProgramRealtimeProfilerCallback callback);
// Returns once no call of that callback is in progress.
void UnregisterProgramRealtimeProfilerCallback(ProgramRealtimeProfilerCallbackHandle handle);
// Always true on the emulator: every chip can report its runs.
bool IsProgramRealtimeProfilerActive();

}  // namespace tt::tt_metal::experimental
