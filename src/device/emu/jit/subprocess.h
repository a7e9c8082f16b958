// Runs a program (the kernel compiler) with `input` on its stdin, handing its
// stderr out as it arrives (stdout is discarded), under limits: every process
// it starts, grandchildren included, is killed when the time limit passes,
// when `stop_fd` becomes readable, or when the calling thread's process dies
// (even by SIGKILL).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

struct ProcessLimits {
  std::chrono::milliseconds timeout{0};  // 0: none
  uint64_t memory_bytes = 0;             // RLIMIT_AS of each process; 0: none
  int oom_score_adj = 1000;              // the OOM killer's first choice, never the runtime
  int nice = 0;                          // added to the scheduling niceness (background work)
  int stop_fd = -1;                      // readable: end now (-1: never)
  std::string working_dir = {};          // where it runs; "": the caller's
};

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  int signal = 0;      // the signal that ended it, if one did
  bool timed_out = false;
  bool stopped = false;  // ended because stop_fd became readable
};

using OutputSink = std::function<void(std::string_view chunk)>;

// The file execvp would start for `name` (a path as given, else searched on
// PATH); "" when there is none.
std::string find_program(const std::string& name);

// The program runs with LC_ALL=C (plain ASCII diagnostics) and a umask of 0177
// (what it creates is private). Throws Error(FAILED_PRECONDITION) when it
// cannot be started at all.
ProcessResult run_process(const std::vector<std::string>& argv, std::string_view input, const OutputSink& on_stderr,
                          const ProcessLimits& limits = {});

}  // namespace zyxtt::emu
