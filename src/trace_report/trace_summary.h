// What zyx-tt-trace reads from a trace the runtime wrote (--trace,
// device/emu/trace/trace_file.h): the tracks of every core and processor with
// their spans, each core's share of time busy and waiting, the longest waits
// with the kernel line that blocked, and the runs. Times are the trace's
// microseconds, on the clock its otherData.clock names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace zyxtt::trace_report {

enum class SpanKind : uint8_t {
  kKernel,    // a kernel from entry to return
  kCbWait,    // cb_wait_front / cb_reserve_back that blocked
  kSyncWait,  // any other wait: semaphore, L1 word, mailbox
  kNoc,       // a NOC write issued or landing
};

struct Span {
  double ts = 0, dur = 0;  // microseconds
  std::string name;
  SpanKind kind = SpanKind::kKernel;
};

// A track of the trace: a core's processor (or NOC in), or the runs of a chip.
struct Track {
  int64_t chip = 0, tid = 0;
  std::string name;
  bool is_core = false;  // named "core (x=X,y=Y) LANE"
  uint32_t x = 0, y = 0;
  std::string lane;         // reader, writer, compute, NOC in
  std::vector<Span> spans;  // by start time
};

// A core's time while its kernels ran, summed over its processors.
struct CoreUse {
  int64_t chip = 0;
  uint32_t x = 0, y = 0;
  double kernel_us = 0, cb_wait_us = 0, sync_wait_us = 0;
  double busy() const { return kernel_us > 0 ? 1.0 - (cb_wait_us + sync_wait_us) / kernel_us : 0.0; }
  double cb() const { return kernel_us > 0 ? cb_wait_us / kernel_us : 0.0; }
  double sync() const { return kernel_us > 0 ? sync_wait_us / kernel_us : 0.0; }
};

struct WaitSpan {
  double ts = 0, dur = 0;
  std::string call;  // the blocking API call
  int64_t chip = 0;
  uint32_t x = 0, y = 0;
  std::string lane;
  std::string kernel;  // the kernel the wait happened in ("" when no kernel span holds it)
  int64_t cb = -1;     // -1: not a CB wait
  uint32_t line = 0;   // the call's line in the kernel source (0: unknown)
};

struct RunSpan {
  int64_t chip = 0;
  std::string name, error;
  double ts = 0, dur = 0;
};

struct Summary {
  std::string clock;  // otherData.clock; "" when the trace does not say
  double begin = 0, end = 0;  // extent of the cores' spans (of the runs when there are none)
  std::vector<RunSpan> runs;
  std::vector<Track> tracks;  // core tracks by chip, y, x, lane; runs tracks first of their chip
  std::vector<CoreUse> cores;  // by chip, y, x
  std::vector<WaitSpan> longest;  // longest first
  double run_time_us() const {
    double total = 0;
    for (const RunSpan& r : runs) total += r.dur;
    return total;
  }
};

// Throws std::runtime_error (or nlohmann's errors) for a value that is not a trace.
Summary summarize(const nlohmann::json& trace, size_t longest_waits = 20);
// Reads a trace file; one a process left without its closing brackets
// (killed mid-session) is read as far as it goes.
Summary summarize_file(const std::filesystem::path& path, size_t longest_waits = 20);

}  // namespace zyxtt::trace_report
