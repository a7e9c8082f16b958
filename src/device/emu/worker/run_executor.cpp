#include "device/emu/noc_coords.h"
#include "device/emu/worker/run_executor.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>

#include "common/error.h"
#include "common/log.h"
#include "device/emu/compute/compute.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/l1_layout.h"
#include "device/emu/worker/worker_main.h"

namespace zyxtt::emu {
namespace {

constexpr uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

}  // namespace

RunExecutor::RunExecutor(const Arch& arch, uint8_t* dram, ControlBlock* control, const WorkerOptions& options,
                         SharedRegions regions)
    : arch_(arch), dram_(dram), control_(control), options_(options), regions_(std::move(regions)) {}

RunExecutor::~RunExecutor() {
  if (l1_arena_ != nullptr) munmap(l1_arena_, l1_cores_ * arch_.l1_bytes);
}

void RunExecutor::setup_core(CoreState& core, const ProgramSpec& program, uint32_t row, uint32_t col, uint8_t* l1,
                             const LoadedKernel* compute) {
  core.x = col;
  core.y = row;
  core.noc_x = worker_noc_x(col);
  core.noc_y = worker_noc_y(row);
  core.l1 = l1;
  core.l1_bytes = static_cast<uint32_t>(arch_.l1_bytes);
  // Kernels see L1 addresses as the low 32 bits of real host pointers.
  const uint32_t base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(l1));
  core.semaphore_base = base + l1::kSemaphoreBase;
  std::memset(l1 + l1::kSemaphoreBase, 0, l1::kMaxSemaphores * l1::kSemaphoreStride);
  for (uint64_t bits = core.configured_cbs; bits != 0; bits &= bits - 1) core.cbs[__builtin_ctzll(bits)] = CbState{};
  core.configured_cbs = 0;
  uint32_t next = base + l1::kCbBase;
  for (const CbSpec& spec : program.cbs) {
    configure_cb(core, spec.index, align_up(next, std::max(arch_.dram_alignment, arch_.l1_alignment)), spec.page_bytes, spec.pages, spec.data_format);
    next = core.cbs[spec.index].limit;
  }
  // DST and math fidelity as the compute kernel was built for them (its ComputeConfig); zeroed.
  compute::configure_compute(core.compute, compute ? &compute->info : nullptr);
  core.compute.unpack_to_dest_cbs = 0;
  if (options_.unpack_fp32_to_dest) {
    for (const CbSpec& spec : program.cbs)
      if (spec.unpack_to_dest) core.compute.unpack_to_dest_cbs |= uint64_t{1} << spec.index;
  }
}

void RunExecutor::add_tasks(std::vector<Task>& tasks, CoreState& core, const RunJob& job,
                            const ProgramSpec& program, const LoadedKernel* kernels[3]) {
  for (uint32_t r = 0; r < kRoles; ++r) {
    if (kernels[r] == nullptr) continue;
    Task& task = tasks.emplace_back();
    KernelInstance& k = task.instance;
    k.run = &run_;
    k.core = &core;
    k.role = static_cast<krt::Role>(r);
    k.noc = r == 1 ? 1 : 0;
    k.args = reinterpret_cast<uint32_t*>(core.l1 + l1::kArgsBase[r]);
    k.common_args = reinterpret_cast<uint32_t*>(core.l1 + l1::kCommonArgsBase[r]);
    k.common_arg_count = 0;
    // The job's args (at most kMaxArgs - 2, checked when decoded), then row, col.
    uint32_t n = 0;
    for (uint32_t a : job.args[r]) k.args[n++] = a;
    if (program.coords[r]) {
      k.args[n++] = core.y;
      k.args[n++] = core.x;
    }
    k.arg_count = n;
    task.entry = kernels[r]->entry;
    task.on_exit = check_kernel_exit;
  }
}

RunOutcome RunExecutor::execute(const RunJob& job) {
  // The server refuses such runs; this keeps the L1 args regions intact
  // whoever sends the job.
  for (const std::vector<uint32_t>& args : job.args) {
    if (args.size() + 2 > l1::kMaxArgs) {
      return RunOutcome{false, Code::kOutOfRange,
                        fmt::format("{} runtime args plus row and column exceed the {} a kernel can take",
                                    args.size(), l1::kMaxArgs)};
    }
  }
  if (job.program) programs_[job.program_id] = *job.program;
  auto found = programs_.find(job.program_id);
  if (found == programs_.end())
    return RunOutcome{false, Code::kInternal, fmt::format("program {} was never sent to this worker", job.program_id)};
  const ProgramSpec& program = found->second;

  const LoadedKernel* kernels[3] = {nullptr, nullptr, nullptr};  // by krt::Role
  const std::string* paths[3] = {&program.reader, &program.writer, &program.compute};
  kernels_.begin_run();
  try {
    for (int r = 0; r < 3; ++r)
      if (!paths[r]->empty()) kernels[r] = &kernels_.load(*paths[r]);
  } catch (const Error& e) {
    // A worker that loaded kernels before and now cannot (dlopen failing on
    // limits a kernel broke) is replaced; refusals (trust, ABI) and a fresh
    // worker's failures are answered.
    if (e.code() == Code::kInternal && loaded_before_) {
      emulator_log().error("zyx-tt-device-worker: {}; exiting so that the runtime starts a new worker", e.what());
      _exit(kWorkerExitCannotLoad);
    }
    // The runtime sends the program again with its next run.
    programs_.erase(found);
    return RunOutcome{false, e.code(), e.what()};
  }
  loaded_before_ = true;
  if (control_ != nullptr) control_->phase.store(static_cast<int32_t>(WorkerPhase::kRunning));

  const uint32_t physical = arch_.grid_rows * arch_.grid_cols;
  const uint32_t rows_per_wave = std::max<uint32_t>(1, physical / job.cols);
  const size_t cores_per_wave = size_t{rows_per_wave} * job.cols;
  if (cores_per_wave > l1_cores_) {
    if (l1_arena_ != nullptr) munmap(l1_arena_, l1_cores_ * arch_.l1_bytes);
    // MAP_32BIT: the 32-bit L1 addresses kernels compute are real pointers.
    void* arena = mmap(nullptr, cores_per_wave * arch_.l1_bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED) {
      l1_arena_ = nullptr;
      l1_cores_ = 0;
      return RunOutcome{false, Code::kResourceExhausted,
                        fmt::format("cannot map L1 for {} cores below 4 GiB: {}", cores_per_wave, errno_text(errno))};
    }
    l1_arena_ = static_cast<uint8_t*>(arena);
    l1_cores_ = cores_per_wave;
  }
  if (cores_.size() < cores_per_wave) cores_.resize(cores_per_wave);

  RunState& state = run_;
  state.dram = dram_;
  state.dram_banks = arch_.dram_banks;
  state.dram_bank_bytes = arch_.dram_bank_bytes;
  // The allocation table is copied only when the runtime changed it.
  if (const uint64_t generation = regions_.generation(); generation != regions_seen_) {
    regions_.copy_to(state.buffers);
    regions_seen_ = generation;
  }
  state.dram_alignment = arch_.dram_alignment;
  state.l1_alignment = arch_.l1_alignment;
  state.align_policy = options_.align_policy;
  state.dprint_enabled = options_.dprint;
  reset_dataflow_warnings();

  for (uint32_t row0 = 0; row0 < job.rows; row0 += rows_per_wave) {
    const uint32_t wave_rows = std::min(rows_per_wave, job.rows - row0);
    std::vector<Task>& tasks = tasks_;
    tasks.clear();
    for (uint32_t r = 0; r < wave_rows; ++r) {
      for (uint32_t c = 0; c < job.cols; ++c) {
        size_t slot = size_t{r} * job.cols + c;
        CoreState& core = cores_[slot];
        setup_core(core, program, row0 + r, c, l1_arena_ + slot * arch_.l1_bytes, kernels[2]);
        add_tasks(tasks, core, job, program, kernels);
      }
    }
    state.cores = cores_.data();
    state.rows = wave_rows;
    state.cols = job.cols;
    state.first_row = row0;
    SchedulerOptions options;
    options.threads = options_.threads;
    options.control = control_;
    if (auto failure = run_tasks(tasks, options)) return RunOutcome{false, Code::kFailedPrecondition, *failure};
  }
  return RunOutcome{};
}

}  // namespace zyxtt::emu
