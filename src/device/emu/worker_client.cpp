#include "device/emu/worker_client.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <new>
#include <spdlog/spdlog.h>

#include "common/error.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/worker/worker_main.h"

extern char** environ;

namespace zyxtt::emu {

WorkerClient::WorkerClient(std::string worker_path, std::string arch_name, int dram_fd, int regions_fd,
                           const WorkerOptions& options, std::chrono::milliseconds run_timeout, int stop_fd)
    : worker_path_(std::move(worker_path)),
      arch_name_(std::move(arch_name)),
      dram_fd_(dram_fd),
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
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, dram_fd_, kWorkerDramFd);
  posix_spawn_file_actions_adddup2(&actions, sv[1], kWorkerSocketFd);
  posix_spawn_file_actions_adddup2(&actions, control_fd_, kWorkerControlFd);
  posix_spawn_file_actions_adddup2(&actions, regions_fd_, kWorkerRegionsFd);
  // The worker must not hold the client's pipes: EOF on our stdin must stay EOF.
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  std::vector<char*> argv = {worker_path_.data(), arch_name_.data(), nullptr};
  int rc = posix_spawn(&pid_, worker_path_.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sv[1]);
  if (rc != 0) {
    close(sv[0]);
    pid_ = -1;
    throw Error(Code::kInternal, fmt::format("cannot start the device worker '{}': {}", worker_path_, errno_text(rc)));
  }
  socket_ = sv[0];
  reader_ = std::make_unique<FrameReader>(socket_);
  programs_.clear();
  spdlog::debug("device worker started (pid {})", pid_);
  // The options travel once per worker; a worker that died at once shows up
  // at the first run's read.
  write_frame(socket_, encode(options_));
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

std::string WorkerClient::whereabouts(int crashed_thread) const {
  auto slot_text = [&](int t) -> std::string {
    const ThreadSlot& s = control_->threads[t];
    int role = s.role.load();
    if (role < 0 || role >= static_cast<int>(kRoles)) return {};
    return fmt::format("core (x={}, y={}) {}", s.core_x.load(), s.core_y.load(),
                       role_name(static_cast<krt::Role>(role)));
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
  return all.empty() ? "no kernel" : all;
}

void WorkerClient::run(RunJob& job, const std::function<ProgramSpec()>& program, const std::string& what) {
  if (pid_ < 0) start();
  control_->crashed_thread = -1;
  control_->crash_signal = 0;
  const bool first = !programs_.contains(job.program_id);
  if (first) job.program = program();
  const bool sent = write_frame(socket_, encode(job));
  job.program.reset();
  if (!sent) {
    stop();
    throw Error(Code::kInternal, fmt::format("{}: the device worker is gone; it will be restarted", what));
  }
  using Clock = std::chrono::steady_clock;
  uint64_t last_progress = control_->progress.load();
  auto last_change = Clock::now();
  // A short run answers within the idle spin: waiting for it awake saves
  // the 20-40 us a VM takes to wake a sleeping process.
  std::optional<std::string> frame;
  const auto spin_until = Clock::now() + std::chrono::microseconds(options_.idle_spin_us);
  while (!(frame = reader_->try_read()) && !reader_->closed() && Clock::now() < spin_until) sched_yield();
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
    uint64_t progress = control_->progress.load();
    if (progress != last_progress) {
      last_progress = progress;
      last_change = Clock::now();
    } else if (Clock::now() - last_change > run_timeout_) {
      std::string where = whereabouts(-1);
      stop();
      throw Error(Code::kDeadlineExceeded,
                  fmt::format("{}: no kernel made progress for {:.1f} s (watchdog, --run-timeout (ZYX_TT_RUN_TIMEOUT)); {} was running "
                              "and was stopped; buffers keep their bytes",
                              what, run_timeout_.count() / 1000.0, where));
    }
  }
  if (!frame) {
    // The worker died: a kernel crashed it. Read its wait status for the cause.
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    std::string where = whereabouts(control_->crashed_thread.load());
    // Both names: people search for SIGSEGV, strsignal says "Segmentation fault".
    const char* abbrev = sig != 0 ? sigabbrev_np(sig) : nullptr;
    std::string cause = sig != 0 ? fmt::format("signal {} (SIG{}, {})", sig, abbrev ? abbrev : "?", strsignal(sig))
                                 : fmt::format("exit status {}", WEXITSTATUS(status));
    stop();
    throw Error(Code::kFailedPrecondition,
                fmt::format("{}: {} crashed with {}; the device worker was restarted, buffers keep their bytes",
                            what, where, cause));
  }
  const RunOutcome outcome = decode_outcome(*frame);
  // A program the worker failed to load is sent again next time.
  if (!outcome.ok) throw Error(outcome.code, fmt::format("{}: {}", what, outcome.message));
  if (first) programs_.insert(job.program_id);
}

}  // namespace zyxtt::emu
