// A program as the device worker runs it: for each core of its grid, which
// kernel runs on each processor, and which CBs and semaphores it has. Built
// once per program (the runtime builds it too, at compile, to refuse
// conflicts early).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

// A program's grid (from core (0, 0) to its farthest core) is bounded so that
// its per-core tables stay small.
inline constexpr uint64_t kMaxPlannedCores = 1 << 16;

// What a core does in a program, worked out once per program.
struct CorePlan {
  int32_t kernel[kRoles] = {-1, -1, -1};  // by krt::Role: index into ProgramSpec::kernels
  uint32_t position[kRoles] = {};         // the core's place in that kernel's core order
  std::vector<uint16_t> cbs;              // indices into ProgramSpec::cbs
  uint64_t cb_mask = 0;                   // bit i: CB index i is among them
  std::vector<uint16_t> semaphores;       // indices into ProgramSpec::semaphores
};

struct PreparedProgram {
  ProgramSpec spec;
  uint32_t rows = 0, cols = 0;  // the grid from (0, 0) that holds every core the program names
  std::vector<CorePlan> plans;  // rows * cols, row-major
  std::vector<uint32_t> used;   // indices into plans of cores with anything on them
  // Ethernet cores by channel, and the channels with a kernel.
  std::vector<CorePlan> eth_plans;
  std::vector<uint32_t> eth_used;
  // The run history the worker keeps: its last run's kernels all finished
  // within RunExecutor's short-run bound, so the next run stays on one thread.
  bool runs_short = false;
};

// Throws Error(INVALID_ARGUMENT) for two kernels of one processor on a core,
// or a CB index or semaphore id given twice on a core; `names` (by kernel,
// may be empty) name the kernels in the message.
PreparedProgram prepare_program(ProgramSpec spec, const std::vector<std::string>& names = {});

// Whether anything runs or lives on the core.
bool idle(const CorePlan& plan);

}  // namespace zyxtt::emu
