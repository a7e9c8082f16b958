#include "device/emu/jit/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <initializer_list>
#include <utility>
#include <cstdlib>
#include <fmt/format.h>

#include "common/error.h"

extern char** environ;

namespace zyxtt::emu {
namespace {

// Layout of the processes: runtime thread -> guard (a fork of the runtime) ->
// compiler in a process group of its own -> its children (cc1plus, as, ld).
// The guard exists because PR_SET_PDEATHSIG does not reach grandchildren: it
// gets SIGTERM when the runtime's thread dies (SIGKILL included) or when the
// runtime gives up, kills the compiler's whole group, reaps every orphan (it is
// a subreaper), then exits.

// Everything the guard and the compiler need, prepared before fork: between
// fork and exec only async-signal-safe calls are allowed.
struct Launch {
  std::string path;
  std::vector<std::string> env_storage;
  std::vector<char*> argv;
  std::vector<char*> envp;
  int stdin_fd = -1;
  int stderr_fd = -1;
  int null_fd = -1;
  uint64_t memory_bytes = 0;
  std::string oom_score_adj;
  int nice = 0;
  std::string working_dir;
};

constexpr int kGuardFailed = 126;


volatile sig_atomic_t g_group = 0;  // in a guard: the compiler's process group

void guard_on_signal(int) {
  if (g_group > 0) kill(-g_group, SIGKILL);
}

void set_signals(void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) sigaction(sig, &sa, nullptr);
}

[[noreturn]] void exec_compiler(const Launch& l, pid_t guard) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != guard) _exit(kGuardFailed);
  dup2(l.stdin_fd, STDIN_FILENO);
  dup2(l.null_fd, STDOUT_FILENO);
  dup2(l.stderr_fd, STDERR_FILENO);
#ifdef SYS_close_range
  syscall(SYS_close_range, 3u, ~0u, 0u);  // nothing of the runtime's leaks into the compiler
#endif
  umask(0177);
  // The compiler runs at the lower priority, never its guard: a guard kept
  // off the CPU by a busy machine would let the compiler outlive its runtime.
  if (l.nice != 0) setpriority(PRIO_PROCESS, 0, getpriority(PRIO_PROCESS, 0) + l.nice);
  if (l.memory_bytes != 0) {
    struct rlimit limit {l.memory_bytes, l.memory_bytes};
    setrlimit(RLIMIT_AS, &limit);
  }
  set_signals(SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (!l.working_dir.empty() && chdir(l.working_dir.c_str()) != 0) {
    static const char msg[] = "cannot enter the compiler's working directory\n";
    [[maybe_unused]] ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
    _exit(127);
  }
  execve(l.path.c_str(), l.argv.data(), l.envp.data());
  static const char msg[] = "cannot execute the compiler\n";
  [[maybe_unused]] ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
  _exit(127);
}

// Closes every descriptor from 3 up except `keep`. The guard must: it is forked
// from a runtime in which other threads start compiles at the same time, and
// a copy of another compile's stdin write end (or stderr read end) kept here
// would hold that compiler from ever seeing EOF until this compile ends --
// and two such compiles deadlock. Async-signal-safe.
void close_all_but(std::initializer_list<int> keep) {
  int sorted[3] = {-1, -1, -1};
  size_t n = 0;
  for (int fd : keep)
    if (fd >= 3 && n < 3) sorted[n++] = fd;
  for (size_t i = 1; i < n; ++i)  // insertion sort of at most three
    for (size_t j = i; j > 0 && sorted[j - 1] > sorted[j]; --j) std::swap(sorted[j - 1], sorted[j]);
  unsigned from = 3;
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<unsigned>(sorted[i]) > from) syscall(SYS_close_range, from, static_cast<unsigned>(sorted[i]) - 1, 0u);
    from = static_cast<unsigned>(sorted[i]) + 1;
  }
  syscall(SYS_close_range, from, ~0u, 0u);
}

// Runs with every signal blocked on entry.
[[noreturn]] void guard(const Launch& l, pid_t runtime) {
  set_signals(guard_on_signal);
  close_all_but({l.stdin_fd, l.stderr_fd, l.null_fd});
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != runtime) _exit(kGuardFailed);  // the runtime died before prctl
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  int oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (oom >= 0) {
    [[maybe_unused]] ssize_t n = write(oom, l.oom_score_adj.data(), l.oom_score_adj.size());
    close(oom);
  }
  const pid_t self = getpid();
  const pid_t child = fork();
  if (child == 0) exec_compiler(l, self);
  if (child < 0) _exit(kGuardFailed);
  setpgid(child, child);  // also here, so that no kill can miss the group
  g_group = child;
  close(l.stdin_fd);
  close(l.stderr_fd);
  close(l.null_fd);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  int status = 0;
  bool reaped = false;
  int polls = 0;
  for (;;) {
    int st = 0;
    pid_t pid = waitpid(-1, &st, reaped ? WNOHANG : 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;  // ECHILD: nothing of the compile is left
    }
    if (pid == 0) {
      // Something left the group (a daemon such as a compiler cache's server):
      // not ours to wait for.
      if (++polls > 100) break;
      timespec tick{0, 10'000'000};
      nanosleep(&tick, nullptr);
      continue;
    }
    if (pid == child) {
      status = st;
      reaped = true;
      kill(-child, SIGKILL);  // stragglers of a finished compiler go with it
    }
  }
  if (!reaped) _exit(kGuardFailed);
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status) & 0x7f);
  _exit(128 + WTERMSIG(status));
}

Launch prepare(const std::vector<std::string>& argv, const ProcessLimits& limits) {
  Launch l;
  l.path = find_program(argv.at(0));
  if (l.path.empty()) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("cannot start '{}': not found or not executable", argv[0]));
  }
  for (const auto& a : argv) l.argv.push_back(const_cast<char*>(a.c_str()));
  l.argv.push_back(nullptr);
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view entry(*e);
    if (entry.starts_with("LC_ALL=") || entry.starts_with("LANGUAGE=")) continue;
    l.env_storage.emplace_back(entry);
  }
  l.env_storage.emplace_back("LC_ALL=C");
  for (auto& e : l.env_storage) l.envp.push_back(e.data());
  l.envp.push_back(nullptr);
  l.memory_bytes = limits.memory_bytes;
  l.oom_score_adj = std::to_string(limits.oom_score_adj);
  l.nice = limits.nice;
  l.working_dir = limits.working_dir;
  return l;
}

// Waits for the guard; one that does not leave soon after SIGTERM is killed.
int reap_guard(pid_t pid, bool signalled) {
  int status = 0;
  for (int i = 0; signalled && i < 500; ++i) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) return status;
    if (r < 0 && errno != EINTR) return status;
    usleep(10000);
  }
  if (signalled) kill(pid, SIGKILL);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// SIGPIPE stays blocked on this thread while it writes the compiler's stdin
// (a compiler that exits early must not kill the caller), then any pending
// one is consumed.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~SigpipeBlock() {
    sigset_t pending, set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) && !sigismember(&old_, SIGPIPE)) {
      timespec zero{0, 0};
      sigtimedwait(&set, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

 private:
  sigset_t old_;
};

}  // namespace

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = (end > start ? dirs.substr(start, end - start) : ".") + "/" + name;
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    start = end + 1;
  }
  return "";
}

ProcessResult run_process(const std::vector<std::string>& argv, std::string_view input, const OutputSink& on_stderr,
                          const ProcessLimits& limits) {
  Launch launch = prepare(argv, limits);
  int in[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw Error(Code::kInternal, "pipe failed: " + errno_text(errno));
  if (pipe2(err, O_CLOEXEC) != 0) {
    int e = errno;
    close(in[0]);
    close(in[1]);
    throw Error(Code::kInternal, "pipe failed: " + errno_text(e));
  }
  launch.null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  launch.stdin_fd = in[0];
  launch.stderr_fd = err[1];

  SigpipeBlock no_sigpipe;
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);  // the guard installs its handlers before taking any signal
  const pid_t runtime = getpid();
  const pid_t pid = fork();
  if (pid == 0) guard(launch, runtime);
  int fork_errno = errno;
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  close(in[0]);
  close(err[1]);
  if (launch.null_fd >= 0) close(launch.null_fd);
  if (pid < 0) {
    close(in[1]);
    close(err[0]);
    throw Error(Code::kResourceExhausted, fmt::format("cannot start '{}': {}", argv[0], errno_text(fork_errno)));
  }

  // Feed stdin and drain stderr together so neither pipe can fill up and stall.
  ProcessResult result;
  const auto deadline = std::chrono::steady_clock::now() + limits.timeout;
  size_t written = 0;
  int in_fd = in[1];
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  if (in_fd >= 0) fcntl(in_fd, F_SETFL, O_NONBLOCK);
  bool err_open = true;
  while (err_open) {
    int wait_ms = -1;
    if (limits.timeout.count() > 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        result.timed_out = true;
        break;
      }
      wait_ms = static_cast<int>(std::min<int64_t>(left.count() + 1, 1000));
    }
    pollfd fds[3] = {{err[0], POLLIN, 0}, {limits.stop_fd, POLLIN, 0}, {in_fd, POLLOUT, 0}};
    if (poll(fds, 3, wait_ms) < 0 && errno != EINTR) break;
    if (limits.stop_fd >= 0 && (fds[1].revents & POLLIN)) {
      result.stopped = true;
      break;
    }
    if (in_fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(in_fd, input.data() + written, std::min<size_t>(input.size() - written, 1 << 16));
      if (n > 0) written += static_cast<size_t>(n);
      if (n < 0 && errno != EINTR && errno != EAGAIN) written = input.size();
      if (written == input.size()) {
        close(in_fd);
        in_fd = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char buf[16384];
      ssize_t n = read(err[0], buf, sizeof buf);
      if (n > 0) on_stderr(std::string_view(buf, static_cast<size_t>(n)));
      else if (n == 0 || (errno != EINTR && errno != EAGAIN)) err_open = false;
    }
  }
  const bool give_up = result.timed_out || result.stopped;
  if (give_up) kill(pid, SIGTERM);  // the guard kills the compiler's whole group
  if (in_fd >= 0) close(in_fd);
  close(err[0]);
  int status = reap_guard(pid, give_up);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code > 128) {
    result.signal = code - 128;
  } else {
    result.exit_code = code;
  }
  return result;
}

}  // namespace zyxtt::emu
