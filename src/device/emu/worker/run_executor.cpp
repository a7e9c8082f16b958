#include "device/emu/worker/run_executor.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fmt/format.h>

#include "common/error.h"
#include "common/log.h"
#include "device/emu/compute/compute.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/l1_layout.h"
#include "device/emu/l1_memory.h"
#include "device/emu/trace/recorder.h"
#include "device/emu/worker/worker_main.h"

namespace zyxtt::emu {
RunExecutor::RunExecutor(const Arch& arch, uint8_t* dram, uint8_t* l1, ControlBlock* control,
                         const WorkerOptions& options, SharedRegions regions, std::optional<LinkedChips> linked)
    : arch_(arch),
      dram_(dram),
      l1_(l1),
      physical_(size_t{arch.grid_rows} * arch.grid_cols),
      control_(control),
      options_(options),
      regions_(std::move(regions)),
      eth_cores_(kEthChannels),
      linked_(std::move(linked)) {
  for (uint32_t ch = 0; ch < kEthChannels; ++ch) {
    CoreState& core = eth_cores_[ch];
    core.x = 0;
    core.y = ch;
    core.ethernet = true;
    const GridXY noc = eth_noc(ch);
    core.noc_x = noc.x;
    core.noc_y = noc.y;
    core.l1 = l1_ + eth_l1_offset(arch_, ch);
    core.l1_bytes = static_cast<uint32_t>(kEthL1Bytes);
    core.semaphore_base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(core.l1)) + l1::kSemaphoreBase;
    core.stream_words = stream_regs_.words_of(noc.x, noc.y);
  }
  run_.eth_cores = eth_cores_.data();
  run_.linked = linked_ ? &*linked_ : nullptr;
  run_.stream_regs = &stream_regs_;
}

RunExecutor::~RunExecutor() {
  if (extra_l1_ != nullptr) munmap(extra_l1_, extra_cores_ * arch_.l1_bytes);
}

void RunExecutor::place(CoreState& core, uint32_t x, uint32_t y, size_t slot) {
  core.x = x;
  core.y = y;
  const GridXY noc = worker_noc(arch_, x, y);
  core.noc_x = noc.x;
  core.noc_y = noc.y;
  core.stream_words = stream_regs_.words_of(noc.x, noc.y);
  core.l1 = slot < physical_ ? l1_ + slot * arch_.l1_bytes : extra_l1_ + (slot - physical_) * arch_.l1_bytes;
  core.l1_bytes = static_cast<uint32_t>(arch_.l1_bytes);
  // Kernels see L1 addresses as the low 32 bits of real host pointers.
  core.semaphore_base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(core.l1)) + l1::kSemaphoreBase;
}

std::optional<RunOutcome> RunExecutor::map_extra_l1(size_t slots) {
  if (slots <= physical_ + extra_cores_) return std::nullopt;
  if (extra_l1_ != nullptr) munmap(extra_l1_, extra_cores_ * arch_.l1_bytes);
  const size_t extra = slots - physical_;
  // MAP_32BIT: the 32-bit L1 addresses kernels compute are real pointers.
  void* arena = mmap(nullptr, extra * arch_.l1_bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT | MAP_NORESERVE, -1, 0);
  if (arena == MAP_FAILED) {
    extra_l1_ = nullptr;
    extra_cores_ = 0;
    return RunOutcome{false, Code::kResourceExhausted,
                      fmt::format("cannot map L1 for {} more cores below 4 GiB: {}", extra, errno_text(errno))};
  }
  extra_l1_ = static_cast<uint8_t*>(arena);
  extra_cores_ = extra;
  return std::nullopt;
}

void RunExecutor::setup_core(CoreState& core, const PreparedProgram& program, const CorePlan& plan,
                             const std::vector<const LoadedKernel*>& kernels) {
  const ProgramSpec& spec = program.spec;
  // Word stores, not a memset of the whole region: this runs for every core
  // of every run, and a block clear here (rep stos) cost more than the rest.
  for (uint32_t s = 0; s < l1::kMaxSemaphores; ++s)
    *reinterpret_cast<uint32_t*>(core.l1 + l1::kSemaphoreBase + s * l1::kSemaphoreStride) = 0;
  for (uint16_t s : plan.semaphores) {
    const SemaphoreSlot& sem = spec.semaphores[s];
    std::memcpy(core.l1 + l1::kSemaphoreBase + sem.id * l1::kSemaphoreStride, &sem.initial, sizeof sem.initial);
  }
  // CBs of the last run that this one does not configure go back to unconfigured.
  for (uint64_t bits = core.configured_cbs & ~plan.cb_mask; bits != 0; bits &= bits - 1)
    core.cbs[__builtin_ctzll(bits)] = CbState{};
  core.configured_cbs = 0;
  core.l1_landed = 0;
  for (CoreState::Mailbox& m : core.mailboxes) m.head = m.count = 0;  // the words are dead
  const uint32_t base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(core.l1));
  for (uint16_t i : plan.cbs) {
    const CbSpec& cb = spec.cbs[i];
    configure_cb(core, cb.index, base + cb.offset, cb.page_bytes, cb.pages, cb.data_format, cb.on_buffer, cb.tile);
  }
  // DST and math fidelity as the core's compute kernel was built for them (its ComputeConfig); zeroed.
  const int32_t ck = plan.kernel[static_cast<uint32_t>(krt::Role::kCompute)];
  const LoadedKernel* compute = ck >= 0 ? kernels[ck] : nullptr;
  compute::configure_compute(core.compute, compute ? &compute->info : nullptr);
  core.compute.unpack_to_dest_cbs = ck >= 0 && options_.unpack_fp32_to_dest ? spec.kernels[ck].unpack_to_dest : 0;
}

void RunExecutor::add_tasks(size_t& count, CoreState& core, const RunJob& job,
                            const PreparedProgram& program, const CorePlan& plan,
                            const std::vector<const LoadedKernel*>& kernels) {
  for (uint32_t r = 0; r < kRoles; ++r) {
    const int32_t ki = plan.kernel[r];
    if (ki < 0) continue;
    const PackedRunArgs& a = job.args[ki];
    // Tasks are kept from run to run and every field is set here: clearing
    // whole Tasks (a block clear each) was a large part of a run of small kernels.
    if (count == tasks_.size()) tasks_.emplace_back();
    Task& task = tasks_[count++];
    KernelInstance& k = task.instance;
    k.run = &run_;
    k.core = &core;
    k.role = static_cast<krt::Role>(r);
    k.noc = k.role == krt::Role::kCompute ? 0 : program.spec.kernels[ki].noc;
    k.args = reinterpret_cast<uint32_t*>(core.l1 + l1::kArgsBase[r]);
    k.common_args = reinterpret_cast<uint32_t*>(core.l1 + l1::kCommonArgsBase[r]);
    // Counts were bounded by kMaxRuntimeArgs when the job was decoded.
    const uint32_t pos = plan.position[r];
    const uint32_t* from = nullptr;
    uint32_t n = 0;
    if (a.counts.empty()) {
      if (a.uniform != 0 && (uint64_t{pos} + 1) * a.uniform <= a.words.size()) {
        n = a.uniform;
        from = a.words.data() + size_t{pos} * n;
      }
    } else if (pos < a.counts.size()) {
      n = a.counts[pos];
      from = a.words.data() + arg_offsets_[ki][pos];
    }
    if (n != 0) std::memcpy(k.args, from, n * sizeof(uint32_t));
    k.arg_count = n;
    if (!a.common.empty()) std::memcpy(k.common_args, a.common.data(), a.common.size() * sizeof(uint32_t));
    k.common_arg_count = static_cast<uint32_t>(a.common.size());
    k.noc_counters[0] = k.noc_counters[1] = NocCounters{};
    k.noc_cache = NocCache{};
    k.print_buffer.clear();
    k.trace = options_.trace;
    k.kernel_index = static_cast<uint32_t>(ki);
    k.kernel_name = program.spec.kernels[ki].name.c_str();
    k.fabric_headers = 0;
    k.model = timing::Clock{};
    k.traced_entry = kernels[ki]->entry;
    const bool records = options_.trace || options_.profile;
    if (records) {
      k.profile_sum_site[0] = k.profile_sum_site[1] = nullptr;
      k.profile_sum_cycles[0] = k.profile_sum_cycles[1] = 0;
      k.profile_slots = 0;
    }
    task.entry = records ? traced_kernel_entry : kernels[ki]->entry;
    task.on_exit = check_kernel_exit;
  }
}

namespace {

// A run whose kernels all finish this fast gains nothing from helper threads:
// waking one costs tens of microseconds on a VM, and on a loaded machine the
// run then waits for a helper the OS has not scheduled (a 10x12 grid of empty
// kernels took 3x longer on two threads than on one). Such a program's next
// run stays on the calling thread; a run of it that takes longer than this
// (larger args, more work) sends the one after back to every thread.
constexpr std::chrono::microseconds kShortRun{150};

// Times the scheduler's part of a run and records in `runs_short` whether it
// was short, whichever way the run ends.
class RunTimer {
 public:
  explicit RunTimer(bool& runs_short) : runs_short_(runs_short), start_(std::chrono::steady_clock::now()) {}
  ~RunTimer() { runs_short_ = std::chrono::steady_clock::now() - start_ < kShortRun; }
  RunTimer(const RunTimer&) = delete;
  RunTimer& operator=(const RunTimer&) = delete;

 private:
  bool& runs_short_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

RunOutcome RunExecutor::execute(const RunJob& job) {
  model_cycles_ = 0;
  if (!options_.trace && !options_.profile) {
    RunOutcome outcome = run(job);
    outcome.model_cycles = model_cycles_;
    return outcome;
  }
  trace_begin_run();
  RunOutcome outcome = run(job);
  outcome.trace = trace_collect(outcome.trace_dropped, outcome.profile_sites);
  outcome.model_cycles = model_cycles_;
  return outcome;
}

// A run's (or wave's) model time is its latest core's clock.
void RunExecutor::add_model_time(std::span<const Task> tasks) {
  uint64_t latest = 0;
  for (const Task& t : tasks) latest = std::max(latest, t.instance.model.now);
  model_cycles_ += latest;
}

// A wave's clocks start at 0: so do its links' and banks' timelines. Without
// contention (its cost per transfer is the model's largest), every core of
// the wave reads DRAM at its share of the banks.
void RunExecutor::prepare_model(size_t cores) {
  if (options_.model_contention) {
    links_.reset();
    run_.links = &links_;
    return;
  }
  run_.links = nullptr;
  const double banks = arch_.dram_banks;
  run_.dram_share_cost = timing::per_byte(timing::kDramBankBytesPerCycle *
                                          std::min(1.0, banks / static_cast<double>(std::max<size_t>(cores, 1))));
}

RunOutcome RunExecutor::run(const RunJob& job) {
  for (uint64_t id : job.forget) programs_.erase(id);
  if (job.program) {
    try {
      programs_[job.program_id] = prepare_program(*job.program);
    } catch (const Error& e) {
      return RunOutcome{false, e.code(), e.what()};
    }
  }
  auto found = programs_.find(job.program_id);
  if (found == programs_.end())
    return RunOutcome{false, Code::kInternal, fmt::format("program {} was never sent to this worker", job.program_id)};
  PreparedProgram& program = found->second;
  const ProgramSpec& spec = program.spec;
  if (job.args.size() != spec.kernels.size()) {
    return RunOutcome{false, Code::kInternal,
                      fmt::format("the run gives args for {} kernels, the program has {}", job.args.size(),
                                  spec.kernels.size())};
  }
  // Per-core args of varied lengths: where each core's start.
  arg_offsets_.resize(job.args.size());
  for (size_t i = 0; i < job.args.size(); ++i) {
    const PackedRunArgs& a = job.args[i];
    if (!a.counts.empty() && a.counts.size() != core_count(spec.kernels[i].cores)) {
      return RunOutcome{false, Code::kInternal, fmt::format("kernel {} gets per-core args for {} cores, it runs on {}",
                                                            i, a.counts.size(), core_count(spec.kernels[i].cores))};
    }
    auto& offsets = arg_offsets_[i];
    offsets.clear();
    uint32_t at = 0;
    for (uint32_t n : a.counts) {
      offsets.push_back(at);
      at += n;
    }
  }

  std::vector<const LoadedKernel*> kernels(spec.kernels.size(), nullptr);
  kernels_.begin_run();
  try {
    for (size_t i = 0; i < spec.kernels.size(); ++i) kernels[i] = &kernels_.load(spec.kernels[i].object);
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

  RunState& state = run_;
  state.arch = &arch_;
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
  state.strict = options_.strict;
  state.hints = options_.hints;
  reset_dataflow_warnings();

  SchedulerOptions options;
  options.threads = program.runs_short ? 1 : options_.threads;
  options.control = control_;
  options.linked = run_.linked;
  RunTimer timer(program.runs_short);
  options.helper_spin = std::chrono::microseconds(options_.idle_spin_us);

  if (program.rows <= arch_.grid_rows && program.cols <= arch_.grid_cols) {
    // The physical grid: every core is there for the NOC (L1 buffers live on
    // all of them), the program's cores are set up.
    if (cores_.size() < physical_) cores_.resize(physical_);
    if (!physical_placed_) {
      for (size_t slot = 0; slot < physical_; ++slot)
        place(cores_[slot], static_cast<uint32_t>(slot % arch_.grid_cols),
              static_cast<uint32_t>(slot / arch_.grid_cols), slot);
      physical_placed_ = true;
    }
    size_t tasks = 0;
    for (uint32_t i : program.used) {
      const CorePlan& plan = program.plans[i];
      CoreState& core = cores_[size_t{i / program.cols} * arch_.grid_cols + i % program.cols];
      setup_core(core, program, plan, kernels);
      add_tasks(tasks, core, job, program, plan, kernels);
    }
    for (uint32_t ch : program.eth_used) {
      setup_core(eth_cores_[ch], program, program.eth_plans[ch], kernels);
      add_tasks(tasks, eth_cores_[ch], job, program, program.eth_plans[ch], kernels);
    }
    state.cores = cores_.data();
    state.rows = arch_.grid_rows;
    state.cols = arch_.grid_cols;
    state.first_row = 0;
    prepare_model(program.used.size());
    auto failure = run_tasks(std::span(tasks_.data(), tasks), options);
    add_model_time(std::span(tasks_.data(), tasks));
    if (failure) return RunOutcome{false, Code::kFailedPrecondition, *failure};
    return RunOutcome{};
  }

  // Beyond the arch: waves of whole rows on the physical cores' L1.
  if (!program.eth_used.empty()) {
    return RunOutcome{false, Code::kInvalidArgument,
                      fmt::format("the program runs ethernet kernels and a {} x {} worker grid, beyond the {}'s {} x {}; "
                                  "ethernet kernels run with grids the chip has",
                                  program.cols, program.rows, arch_.name, arch_.grid_cols, arch_.grid_rows)};
  }
  const uint32_t rows_per_wave = std::max<uint32_t>(1, static_cast<uint32_t>(physical_ / program.cols));
  const size_t cores_per_wave = size_t{rows_per_wave} * program.cols;
  if (auto failure = map_extra_l1(cores_per_wave)) return *failure;
  if (cores_.size() < cores_per_wave) cores_.resize(cores_per_wave);
  physical_placed_ = false;
  for (uint32_t row0 = 0; row0 < program.rows; row0 += rows_per_wave) {
    const uint32_t wave_rows = std::min(rows_per_wave, program.rows - row0);
    size_t tasks = 0;
    for (uint32_t r = 0; r < wave_rows; ++r) {
      for (uint32_t c = 0; c < program.cols; ++c) {
        const size_t slot = size_t{r} * program.cols + c;
        CoreState& core = cores_[slot];
        place(core, c, row0 + r, slot);
        const CorePlan& plan = program.plans[size_t{row0 + r} * program.cols + c];
        if (idle(plan)) continue;
        setup_core(core, program, plan, kernels);
        add_tasks(tasks, core, job, program, plan, kernels);
      }
    }
    state.cores = cores_.data();
    state.rows = wave_rows;
    state.cols = program.cols;
    state.first_row = row0;
    prepare_model(size_t{wave_rows} * program.cols);
    auto failure = run_tasks(std::span(tasks_.data(), tasks), options);
    add_model_time(std::span(tasks_.data(), tasks));
    if (failure) return RunOutcome{false, Code::kFailedPrecondition, *failure};
  }
  return RunOutcome{};
}

}  // namespace zyxtt::emu
