#include "device/emu/worker_client.h"

#include <algorithm>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <new>
#include <spdlog/spdlog.h>

#include "common/byte_size.h"
#include "common/error.h"
#include "common/lasting_thread.h"
#include "common/poll_wait.h"
#include "common/sanitizers.h"
#include "device/arch.h"
#include "device/emu/l1_layout.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/worker/memory_guard.h"
#include "device/emu/worker/sandbox.h"
#include "device/emu/worker/worker_main.h"

extern char** environ;

namespace zyxtt::emu {

WorkerClient::WorkerClient(std::string worker_path, std::string arch_name, int dram_fd, int l1_fd, int regions_fd,
                           const WorkerOptions& options, std::chrono::milliseconds run_timeout, int stop_fd)
    : worker_path_(std::move(worker_path)),
      arch_name_(std::move(arch_name)),
      dram_fd_(dram_fd),
      l1_fd_(l1_fd),
      regions_fd_(regions_fd),
      options_(options),
      run_timeout_(run_timeout),
      stop_fd_(stop_fd) {}

WorkerClient::~WorkerClient() { stop(); }

void WorkerClient::start() {
  control_fd_ = memfd_create("zyx-tt-control", MFD_CLOEXEC);
  if (control_fd_ < 0 || ftruncate(control_fd_, sizeof(ControlBlock)) != 0) {
    throw Error(Code::kInternal, fmt::format("cannot create the worker control block: {}", errno_text(errno)));
  }
  void* addr = mmap(nullptr, sizeof(ControlBlock), PROT_READ | PROT_WRITE, MAP_SHARED, control_fd_, 0);
  if (addr == MAP_FAILED) throw Error(Code::kInternal, "cannot map the worker control block");
  control_ = new (addr) ControlBlock();

  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
    throw Error(Code::kInternal, fmt::format("socketpair failed: {}", errno_text(errno)));
  }
  // Each descriptor goes to its fixed number in the worker; sources are
  // first moved above every target, so that no dup2 overwrites a source a
  // later one still needs.
  std::vector<std::pair<int, int>> fds = {{dram_fd_, kWorkerDramFd},       {sv[1], kWorkerSocketFd},
                                          {control_fd_, kWorkerControlFd}, {regions_fd_, kWorkerRegionsFd},
                                          {l1_fd_, kWorkerL1Fd}};
  // A chip of a cluster also gets every chip's memory and the link block
  // (interconnect.h), which it maps and closes before its first run.
  if (cluster_) {
    const auto n = static_cast<uint32_t>(cluster_->size());
    for (uint32_t c = 0; c < n; ++c) {
      fds.push_back({cluster_->memory(c).dram.fd(), linked_dram_fd(kFirstFreeFd, c)});
      fds.push_back({cluster_->memory(c).l1.fd(), linked_l1_fd(kFirstFreeFd, c)});
    }
    fds.push_back({cluster_->link_fd(), link_block_fd(kFirstFreeFd, n)});
  }
  int above_targets = kFirstFreeFd;
  for (const auto& [from, to] : fds) above_targets = std::max(above_targets, to + 1);
  std::vector<int> high;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (const auto& [from, to] : fds) {
    high.push_back(fcntl(from, F_DUPFD_CLOEXEC, above_targets));
    posix_spawn_file_actions_adddup2(&actions, high.back(), to);
  }
  // The worker must not hold the client's pipes: EOF on our stdin must stay EOF.
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  std::vector<char*> argv = {worker_path_.data(), arch_name_.data(), nullptr};
  int rc = 0;
  run_on_lasting_thread([&] { rc = posix_spawn(&pid_, worker_path_.c_str(), &actions, nullptr, argv.data(), environ); });
  posix_spawn_file_actions_destroy(&actions);
  for (int fd : high) close(fd);
  close(sv[1]);
  if (rc != 0) {
    close(sv[0]);
    pid_ = -1;
    throw Error(Code::kInternal, fmt::format("cannot start the device worker '{}': {}", worker_path_, errno_text(rc)));
  }
  socket_ = sv[0];
  // RLIMIT_DATA bounds private memory (malloc, anonymous mappings, stacks),
  // not the shared DRAM mapping that holds the buffers; the worker has not
  // read a job yet, so every kernel runs under it.
  if (memory_limit_ > 0 && !kSanitizerReservesAddressSpace) {
    const rlimit limit{memory_limit_, memory_limit_};
    if (prlimit(pid_, RLIMIT_DATA, &limit, nullptr) != 0) {
      spdlog::warn("cannot limit the device worker's memory: {}", errno_text(errno));
    }
  }
  if (memory_limit_ > 0 && kSanitizerReservesAddressSpace)
    spdlog::debug("sanitizer build: the device worker runs without its memory limit");
  reader_ = std::make_unique<FrameReader>(socket_);
  programs_.clear();
  program_slots_.clear();
  spdlog::debug("device worker started (pid {})", pid_);
  // The options travel once per worker; a worker that died at once shows up
  // at the first run's read.
  write_frame(socket_, encode(options_), &control_->frames_to_worker);
}

void WorkerClient::stop() {
  if (socket_ >= 0) close(socket_);
  socket_ = -1;
  reader_.reset();
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  pid_ = -1;
  if (control_ != nullptr) munmap(control_, sizeof(ControlBlock));
  control_ = nullptr;
  if (control_fd_ >= 0) close(control_fd_);
  control_fd_ = -1;
}

void WorkerClient::take_records_of_stopped_run() {
  if ((!options_.trace && !options_.profile) || pid_ <= 0 || kill(pid_, SIGUSR1) != 0) return;
  // Its handler writes them at once; a worker too stuck for that is killed without.
  pollfd fd{socket_, POLLIN, 0};
  if (!reader_->buffered() && poll(&fd, 1, 2000) <= 0) return;
  const std::optional<std::string> frame = reader_->read();
  if (!frame) return;
  try {
    RunOutcome outcome = decode_outcome(*frame);
    trace_ = std::move(outcome.trace);
    trace_dropped_ = outcome.trace_dropped;
    for (const TraceRecord& r : trace_) model_cycles_ = std::max(model_cycles_, r.model_end);  // as far as it got
  } catch (const Error& e) {  // the run's own outcome crossed it on the link
    spdlog::debug("records of a stopped run unreadable: {}", e.what());
  }
}

std::string WorkerClient::whereabouts(int crashed_thread) const {
  auto slot_text = [&](int t) -> std::string {
    const ThreadSlot& s = control_->threads[t];
    int role = s.role.load();
    if (role < 0 || role >= static_cast<int>(kRoles)) return {};
    std::string text = fmt::format("core (x={}, y={}) {}", s.core_x.load(), s.core_y.load(),
                                   role_name(static_cast<krt::Role>(role)));
    if (const uint32_t waypoint = s.waypoint.load(); waypoint != 0)
      text += fmt::format(" (last waypoint {})", waypoint_text(waypoint));
    return text;
  };
  if (crashed_thread >= 0 && crashed_thread < kMaxThreads) {
    std::string one = slot_text(crashed_thread);
    if (!one.empty()) return one;
  }
  std::string all;
  for (int t = 0; t < kMaxThreads; ++t) {
    std::string one = slot_text(t);
    if (!one.empty()) all += (all.empty() ? "" : " or ") + one;
  }
  return all;
}

namespace {

// "signal 6 (SIGABRT, Aborted)" or "exit status 3". Both names: people
// search for SIGSEGV, strsignal says "Segmentation fault".
std::string cause_of(int status) {
  if (!WIFSIGNALED(status)) return fmt::format("exit status {}", WEXITSTATUS(status));
  const int sig = WTERMSIG(status);
  const char* abbrev = sigabbrev_np(sig);
  return fmt::format("signal {} (SIG{}, {})", sig, abbrev ? abbrev : "?", strsignal(sig));
}

const char* phase_text(int32_t phase) {
  switch (static_cast<WorkerPhase>(phase)) {
    case WorkerPhase::kLoading: return "it was loading the run's kernel objects";
    case WorkerPhase::kRunning: return "it was setting up or ending the run";
    case WorkerPhase::kIdle: break;
  }
  return "it was between runs";
}

}  // namespace

// A fault where a program's L1 buffers and CBs lie (past the reserved low
// L1, below its end) is a kernel that used an L1 address as a pointer, as
// silicon allows, which the worker could not show its core's L1 at
// (l1_window.h): the core is one of a virtual grid's.
std::string WorkerClient::l1_address_hint(int status) const {
  const uint64_t address = control_->crash_address.load();
  if (!WIFSIGNALED(status) || (WTERMSIG(status) != SIGSEGV && WTERMSIG(status) != SIGBUS) ||
      address < l1::kCbBase || address >= find_arch(arch_name_).l1_bytes) {
    return "";
  }
  return fmt::format(" at address {:#x}, an L1 address used as a pointer on a core beyond the arch's grid (only "
                     "the arch's cores can show their L1 at its own addresses; a grid within the arch's can)",
                     address);
}

// A worker that died while it waited for work (killed from outside, or a
// thread a kernel left behind) is replaced before the next run is sent.
void WorkerClient::reap_if_died_idle() {
  int status = 0;
  if (pid_ < 0 || waitpid(pid_, &status, WNOHANG) != pid_) return;
  spdlog::warn("the device worker died between runs with {} while no kernel was running; starting a new one",
               cause_of(status));
  pid_ = -1;
  stop();
}

void WorkerClient::report_death(int status, const std::string& what) {
  const std::string where = whereabouts(control_->crashed_thread.load());
  const int32_t phase = control_->phase.load();
  const int32_t denied = control_->denied_call.load();
  const std::string l1_hint = l1_address_hint(status);  // reads the control block, which stop() unmaps
  stop();
  const bool in_kernel = !where.empty();
  if (WIFEXITED(status) && WEXITSTATUS(status) == kWorkerExitOutOfMemory) {
    const uint64_t twice = 2 * memory_limit_;
    const std::string suggestion = twice % (uint64_t{1} << 30) == 0 ? fmt::format("{}G", twice >> 30)
                                                                   : fmt::format("{}M", (twice + (1 << 20) - 1) >> 20);
    throw Error(Code::kResourceExhausted,
                memory_limit_ == 0
                    ? fmt::format("{}: {} ran out of host memory; the device worker was restarted, buffers keep their "
                                  "bytes",
                                  what, in_kernel ? where : "the device worker")
                    : fmt::format("{}: {} exceeded the device worker memory limit of {}{}; raise it with {}; the "
                                  "device worker was restarted, buffers keep their bytes",
                                  what, in_kernel ? where : "the device worker", format_byte_size(memory_limit_),
                                  in_kernel ? "" : " while no kernel was running",
                                  option_hint(options_.hints, "worker-memory", suggestion)));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kWorkerExitSandbox) {
    const char* call = denied_call_name(denied);
    if (in_kernel) {
      throw Error(Code::kFailedPrecondition,
                  fmt::format("{}: {}: kernel made a system call a device cannot make: {}; the device worker was "
                              "restarted, buffers keep their bytes",
                              what, where, call));
    }
    throw Error(Code::kInternal, fmt::format("{}: the device worker made a system call its sandbox refuses: {} (no "
                                             "kernel was running); it was restarted, buffers keep their bytes",
                                             what, call));
  }
  if (in_kernel) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("{}: {} crashed with {}{}; the device worker was restarted, buffers keep their bytes",
                            what, where, cause_of(status), l1_hint));
  }
  // Loading runs the kernel objects' static initializers: still the program's doing.
  throw Error(static_cast<WorkerPhase>(phase) == WorkerPhase::kLoading ? Code::kFailedPrecondition : Code::kInternal,
              fmt::format("{}: the device worker died with {} while no kernel was running ({}); it was restarted, "
                          "buffers keep their bytes",
                          what, cause_of(status), phase_text(phase)));
}

namespace {

// Marks a chip of a cluster busy for the length of a run (interconnect.h):
// quiet_at first, so that no chip ever sees it busy and quiet from before.
class BusyChip {
 public:
  BusyChip(ClusterMemory* cluster, uint32_t chip) : chip_(cluster ? &cluster->link().chips[chip] : nullptr) {
    if (chip_ == nullptr) return;
    chip_->quiet_at.store(0, std::memory_order_release);
    chip_->busy.store(1, std::memory_order_release);
  }
  ~BusyChip() {
    if (chip_ != nullptr) chip_->busy.store(0, std::memory_order_release);
  }
  BusyChip(const BusyChip&) = delete;
  BusyChip& operator=(const BusyChip&) = delete;

 private:
  LinkBlock::Chip* chip_;
};

}  // namespace

void WorkerClient::run(RunJob& job, const std::function<ProgramSpec()>& program, const std::string& what) {
  const BusyChip busy(cluster_.get(), slot_);
  for (int attempt = 0;; ++attempt) {
    const std::optional<int> died = run_once(job, program, what);
    if (!died) return;
    // A worker that can no longer load kernels is replaced and the run sent
    // again (with its program), once; a fresh worker answers its own load
    // failures.
    if (WIFEXITED(*died) && WEXITSTATUS(*died) == kWorkerExitCannotLoad && attempt == 0) {
      spdlog::warn("{}: the device worker could no longer load kernels; starting a new one and sending the run again",
                   what);
      stop();
      continue;
    }
    report_death(*died, what);
  }
}

std::optional<int> WorkerClient::run_once(RunJob& job, const std::function<ProgramSpec()>& program,
                                          const std::string& what) {
  trace_.clear();
  profile_sites_.clear();
  trace_dropped_ = 0;
  model_cycles_ = 0;
  reap_if_died_idle();
  if (pid_ < 0) start();
  control_->crashed_thread = -1;
  control_->crash_signal = 0;
  control_->crash_address = 0;
  const auto slot = program_slots_.find(job.program_id);
  const bool first = slot == program_slots_.end();
  if (first) {
    job.program = program();
    // The worker drops the least recently run programs beyond its bound.
    while (programs_.size() >= kWorkerPrograms) {
      job.forget.push_back(programs_.back());
      program_slots_.erase(programs_.back());
      programs_.pop_back();
    }
  } else {
    programs_.splice(programs_.begin(), programs_, slot->second);
  }
  const bool sent = write_frame(socket_, encode(job), &control_->frames_to_worker);
  job.program.reset();
  job.forget.clear();
  if (!sent) {
    stop();
    throw Error(Code::kInternal, fmt::format("{}: the device worker is gone; it will be restarted", what));
  }
  using Clock = std::chrono::steady_clock;
  uint64_t last_progress = control_->progress();
  const auto started = Clock::now();
  auto last_change = started;
  // A short run answers within the idle spin: waiting for it awake saves
  // the 20-40 us a VM takes to wake a sleeping process.
  std::optional<std::string> frame;
  if (spin_until(std::chrono::microseconds(options_.idle_spin_us),
                 [&] { return reader_->announced(control_->frames_from_worker); }))
    frame = reader_->read();
  while (!frame && !reader_->closed()) {
    pollfd fds[2] = {{socket_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    int n = poll(fds, stop_fd_ >= 0 ? 2 : 1, 100);
    if (n < 0 && errno == EINTR) continue;
    if (n > 0 && (fds[1].revents & POLLIN)) {
      stop();
      throw Error(Code::kInternal, fmt::format("{}: abandoned, the runtime was asked to stop", what));
    }
    if (n > 0) {
      frame = reader_->read();
      break;
    }
    if (max_run_time_.count() > 0 && Clock::now() - started > max_run_time_) {
      std::string where = whereabouts(-1);
      if (where.empty()) where = "no kernel";
      take_records_of_stopped_run();
      stop();
      throw Error(Code::kDeadlineExceeded,
                  fmt::format("{}: the run took longer than the {:g} s {} allows (0: no limit); {} was running and "
                              "was stopped; buffers keep their bytes",
                              what, max_run_time_.count() / 1000.0, option_hint(options_.hints, "max-run-time"),
                              where));
    }
    uint64_t progress = control_->progress();
    if (progress != last_progress) {
      last_progress = progress;
      last_change = Clock::now();
    } else if (Clock::now() - last_change > run_timeout_) {
      std::string where = whereabouts(-1);
      if (where.empty()) where = "no kernel";
      take_records_of_stopped_run();
      stop();
      throw Error(Code::kDeadlineExceeded,
                  fmt::format("{}: no kernel made progress for {:.1f} s: no CB page, NOC transaction or kernel "
                              "return (watchdog; a kernel that computes longer between them needs a larger {}); {} "
                              "was running and was stopped; buffers keep their bytes",
                              what, run_timeout_.count() / 1000.0,
                              option_hint(options_.hints, "run-timeout",
                                          fmt::format("{:g}", 2 * (run_timeout_.count() / 1000.0))),
                              where));
    }
  }
  if (!frame) {
    // The worker died: read its wait status for the cause.
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }
  RunOutcome outcome = decode_outcome(*frame);
  trace_ = std::move(outcome.trace);
  trace_dropped_ = outcome.trace_dropped;
  profile_sites_ = std::move(outcome.profile_sites);
  model_cycles_ = outcome.model_cycles;
  // A program the worker failed to load is sent again next time.
  if (!outcome.ok) throw Error(outcome.code, fmt::format("{}: {}", what, outcome.message));
  if (first) {
    programs_.push_front(job.program_id);
    program_slots_[job.program_id] = programs_.begin();
  }
  return std::nullopt;
}

}  // namespace zyxtt::emu
