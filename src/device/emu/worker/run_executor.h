// Executes one run inside the device worker: lays out every core's L1
// (circular buffers, runtime args), makes a reader, compute and writer
// instance per core and hands them to the scheduler. Grids larger than the
// arch's run in waves of rows, reusing the L1 of the physical cores.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "device/arch.h"
#include "device/emu/run_context.h"
#include "device/emu/shared_regions.h"
#include "device/emu/sched/scheduler.h"
#include "device/emu/worker/kernel_library.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

class RunExecutor {
 public:
  RunExecutor(const Arch& arch, uint8_t* dram, ControlBlock* control, const WorkerOptions& options,
              SharedRegions regions);
  ~RunExecutor();

  RunOutcome execute(const RunJob& job);

 private:
  void setup_core(CoreState& core, const ProgramSpec& program, uint32_t row, uint32_t col, uint8_t* l1,
                  const LoadedKernel* compute);
  void add_tasks(std::vector<Task>& tasks, CoreState& core, const RunJob& job, const ProgramSpec& program,
                 const LoadedKernel* kernels[3]);

  const Arch& arch_;
  uint8_t* dram_;
  ControlBlock* control_;
  const WorkerOptions options_;
  SharedRegions regions_;
  uint64_t regions_seen_ = ~0ull;  // generation last copied into the run state
  KernelLibrary kernels_;
  bool loaded_before_ = false;  // a run's kernels loaded in this process before
  // Programs by id, as sent once per worker. Their objects are looked up in
  // kernels_ on every run: the library may unload an object between runs.
  std::unordered_map<uint64_t, ProgramSpec> programs_;
  uint8_t* l1_arena_ = nullptr;
  size_t l1_cores_ = 0;
  std::vector<CoreState> cores_;  // one wave, row-major
  RunState run_;                  // what the current run's instances share
  std::vector<Task> tasks_;       // one wave's, kept for the next (no allocation per run)
};

}  // namespace zyxtt::emu
