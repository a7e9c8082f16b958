// Executes one run inside the device worker: lays out the L1 of every core a
// program uses (circular buffers, semaphores, runtime args), makes an
// instance of each kernel on each of its cores and hands them to the
// scheduler. L1 is the runtime's shared memory, so it persists across runs
// and L1 buffers are real. Programs whose cores exceed the arch's grid run in
// waves of rows, reusing the L1 of the physical cores.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "device/arch.h"
#include "device/emu/run_context.h"
#include "device/emu/shared_regions.h"
#include "device/emu/sched/scheduler.h"
#include "device/emu/dataflow/stream_regs.h"
#include "device/emu/worker/kernel_library.h"
#include "device/emu/worker/program_plan.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {

class RunExecutor {
 public:
  // `l1` maps the L1 of the arch's worker cores, row-major, MAP_32BIT.
  // `linked`: the chip's cluster, when it has other chips.
  RunExecutor(const Arch& arch, uint8_t* dram, uint8_t* l1, ControlBlock* control, const WorkerOptions& options,
              SharedRegions regions, std::optional<LinkedChips> linked = std::nullopt);
  ~RunExecutor();

  // Runs `job`; with WorkerOptions::trace, the outcome carries what its cores recorded.
  RunOutcome execute(const RunJob& job);

 private:
  RunOutcome run(const RunJob& job);
  void setup_core(CoreState& core, const PreparedProgram& program, const CorePlan& plan,
                  const std::vector<const LoadedKernel*>& kernels);
  // Sets tasks_[count...] for the core's kernels and advances count.
  void add_tasks(size_t& count, CoreState& core, const RunJob& job, const PreparedProgram& program,
                 const CorePlan& plan, const std::vector<const LoadedKernel*>& kernels);
  // Places core `slot` of a wave: its coordinates and L1.
  void place(CoreState& core, uint32_t x, uint32_t y, size_t slot);
  std::optional<RunOutcome> map_extra_l1(size_t slots);
  // Timing model: adds a finished wave's model time; readies the links'
  // timelines (or the DRAM share) before a wave of `cores`.
  void add_model_time(std::span<const Task> tasks);
  void prepare_model(size_t cores);

  const Arch& arch_;
  uint8_t* dram_;
  uint8_t* l1_;
  const size_t physical_;  // worker cores of the arch
  ControlBlock* control_;
  const WorkerOptions options_;
  SharedRegions regions_;
  uint64_t regions_seen_ = ~0ull;  // generation last copied into the run state
  KernelLibrary kernels_;
  bool loaded_before_ = false;  // a run's kernels loaded in this process before
  // Programs by id, as sent once per worker. Their objects are looked up in
  // kernels_ on every run: the library may unload an object between runs.
  std::unordered_map<uint64_t, PreparedProgram> programs_;
  // Waves wider than the arch's cores get private L1 beyond the shared one.
  uint8_t* extra_l1_ = nullptr;
  size_t extra_cores_ = 0;
  std::vector<CoreState> cores_;  // the physical grid, or one wave, row-major
  std::vector<CoreState> eth_cores_;  // by channel
  std::optional<LinkedChips> linked_;
  bool physical_placed_ = false;  // cores_ holds the physical grid (no wave moved it)
  std::vector<std::vector<uint32_t>> arg_offsets_;  // per kernel: where each core's varied args start
  RunState run_;                  // what the current run's instances share
  std::vector<Task> tasks_;       // a wave's are the first ones; kept for the next (no allocation per run)
  uint64_t model_cycles_ = 0;     // the current run's model time so far
  timing::LinkLoad links_;        // what the current wave's transfers share
  StreamRegisters stream_regs_;
};

}  // namespace zyxtt::emu
