#include "zyxtt/runtime_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/uio.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <thread>

#include "common/fs.h"

extern char** environ;

namespace zyxtt::client {
namespace {

std::string errno_string() { return std::strerror(errno); }

// Writes every part with as few calls as the pipe allows (one, for a
// command line and its newline). False when the runtime closed its end (it
// left, say at start on an option it refuses): the write then raises no
// SIGPIPE, which would end the whole program, and receive() reports the exit.
bool write_fully(int fd, std::initializer_list<std::string_view> parts, ErrorKind kind) {
  iovec iov[4];
  int count = 0;
  for (std::string_view p : parts)
    if (!p.empty()) iov[count++] = {const_cast<char*>(p.data()), p.size()};
  // SIGPIPE blocked on this thread while it writes; the one a failed write
  // raises is taken back before the mask is restored. (Two system calls a
  // command, about 0.6 us on a VM, against a round trip of 15 to 30.)
  sigset_t pipe_only, old_mask;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old_mask);
  iovec* next = iov;
  int error = 0;
  while (count > 0) {
    ssize_t n = ::writev(fd, next, count);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = errno;
      break;
    }
    auto done = static_cast<size_t>(n);
    for (; count > 0 && done >= next->iov_len; ++next, --count) done -= next->iov_len;
    if (count > 0) {
      next->iov_base = static_cast<char*>(next->iov_base) + done;
      next->iov_len -= done;
    }
  }
  if (error == EPIPE) {
    const timespec now{0, 0};
    while (sigtimedwait(&pipe_only, nullptr, &now) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (error == EPIPE) return false;
  if (error != 0) throw Error(kind, std::string("tt-runtime write: ") + std::strerror(error));
  return true;
}

}  // namespace

std::filesystem::path default_runtime_path() { return std::filesystem::path(config_home()) / "zyx/zyx-tt-runtime"; }
std::filesystem::path default_cache_dir() { return std::filesystem::path(config_home()) / "zyx/cache/tt"; }

bool Answer::is_error() const { return line.find("\"error\"") != std::string::npos; }

std::optional<std::string> Answer::field(std::string_view key) const {
  // zyx's scan: find "key", skip the colon, take the next quoted string.
  std::string quoted = "\"" + std::string(key) + "\"";
  size_t k = line.find(quoted);
  if (k == std::string::npos) return std::nullopt;
  size_t start = line.find('"', k + quoted.size() + 1);
  if (start == std::string::npos) return std::nullopt;
  size_t end = line.find('"', start + 1);
  if (end == std::string::npos) return std::nullopt;
  return line.substr(start + 1, end - start - 1);
}

RuntimeProcess::RuntimeProcess(const SpawnOptions& options) : timeout_ms_(options.timeout_ms) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) throw Error(ErrorKind::kInitialization, "pipe: " + errno_string());
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    throw Error(ErrorKind::kInitialization, "pipe: " + errno_string());
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  const std::string stderr_path = options.stderr_path.string();
  if (!stderr_path.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  }

  std::string program = options.program.string();
  std::vector<std::string> argv_store{program};
  argv_store.insert(argv_store.end(), options.args.begin(), options.args.end());
  if (!options.cluster.empty()) argv_store.insert(argv_store.end(), {"--cluster", options.cluster});
  if (options.device_id) argv_store.insert(argv_store.end(), {"--device-id", std::to_string(*options.device_id)});
  std::vector<char*> argv;
  for (auto& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<std::string> env_store;
  for (char** e = environ; *e != nullptr; ++e) env_store.emplace_back(*e);
  for (const auto& [key, value] : options.env) env_store.push_back(key + "=" + value);
  std::vector<char*> envp;
  for (auto& e : env_store) envp.push_back(e.data());
  envp.push_back(nullptr);

  int rc = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    throw Error(ErrorKind::kInitialization, "spawn tt-runtime " + program + ": " + std::strerror(rc));
  }
  in_fd_ = to_child[1];
  out_fd_ = from_child[0];
}

RuntimeProcess::~RuntimeProcess() {
  close_stdin();
  if (!wait_exit(5000)) {
    kill(pid_, SIGKILL);
    wait_exit(-1);
  }
  if (out_fd_ >= 0) close(out_fd_);
}

void RuntimeProcess::close_stdin() {
  if (in_fd_ >= 0) close(in_fd_);
  in_fd_ = -1;
}

std::optional<int> RuntimeProcess::wait_exit(int timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!exit_status_) {
    int status = 0;
    pid_t r = waitpid(pid_, &status, timeout_ms < 0 ? 0 : WNOHANG);
    if (r == pid_) {
      exit_status_ = status;
      break;
    }
    if (r < 0 && errno != EINTR) break;
    if (timeout_ms >= 0 && std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return exit_status_;
}

bool RuntimeProcess::child_exited() {
  if (exit_status_) return true;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) exit_status_ = status;
  return exit_status_.has_value();
}

void RuntimeProcess::send(std::string_view line, std::string_view payload) {
  if (in_fd_ < 0) throw Error(ErrorKind::kKernelLaunch, "tt-runtime stdin is closed");
  if (!write_fully(in_fd_, {line, "\n"}, ErrorKind::kKernelLaunch)) return;  // gone: receive() says so
  if (!payload.empty()) write_fully(in_fd_, {payload}, ErrorKind::kKernelCompilation);
}

std::optional<std::string> RuntimeProcess::read_buffered_line() {
  size_t nl = buffer_.find('\n', begin_);
  if (nl == std::string::npos) return std::nullopt;
  std::string line = buffer_.substr(begin_, nl - begin_);
  begin_ = nl + 1;
  if (begin_ == buffer_.size()) {
    buffer_.clear();
    begin_ = 0;
  }
  return line;
}

bool RuntimeProcess::fill(ErrorKind kind) {
  if (begin_ > 0) {
    buffer_.erase(0, begin_);
    begin_ = 0;
  }
  char chunk[65536];
  ssize_t n;
  do n = read(out_fd_, chunk, sizeof chunk);
  while (n < 0 && errno == EINTR);
  if (n < 0) throw Error(kind, "tt-runtime read: " + errno_string());
  buffer_.append(chunk, static_cast<size_t>(n));
  return n > 0;
}

// The fast path is poll + read: whether the child exited is asked only when
// its stdout ends or a poll times out, not on every answer.
Answer RuntimeProcess::receive(ErrorKind kind) {
  const int attempts_max = 3;
  const int poll_ms = timeout_ms_ / attempts_max;
  int attempts = 0;
  while (attempts < attempts_max) {
    // Lines already buffered are consumed before polling again.
    while (auto line = read_buffered_line()) {
      size_t first = line->find_first_not_of(" \t\r");
      if (first != std::string::npos && (*line)[first] == '{') {
        while (!line->empty() && (line->back() == '\r' || line->back() == ' ')) line->pop_back();
        if (first > 0) line->erase(0, first);
        return Answer{std::move(*line), std::chrono::steady_clock::now()};
      }
      skipped_.push_back({*line, std::chrono::steady_clock::now()});  // a keep-alive or stray line: the next poll waits afresh
    }
    pollfd pfd{out_fd_, POLLIN, 0};
    int r = poll(&pfd, 1, poll_ms);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw Error(kind, "poll error: " + errno_string());
    if (r == 0) {
      ++attempts;
      if (child_exited()) {
        // The child left but something else holds its stdout open: what it
        // wrote before leaving is read, then no answer can come.
        pfd.revents = 0;
        if (poll(&pfd, 1, 0) > 0 && fill(kind)) continue;
        throw Error(kind, "tt-runtime exited unexpectedly (status " + std::to_string(*exit_status_) + ")");
      }
      continue;
    }
    if (!fill(kind)) {
      if (child_exited() || wait_exit(1000)) {
        throw Error(kind, "tt-runtime exited unexpectedly (status " + std::to_string(*exit_status_) + ")");
      }
      throw Error(kind, "tt-runtime closed stdout");
    }
  }
  throw Error(kind, "tt-runtime read timeout after " + std::to_string(timeout_ms_) + "ms");
}

Answer RuntimeProcess::request(std::string_view line, ErrorKind kind, std::string_view payload) {
  send(line, payload);
  return receive(kind);
}

}  // namespace zyxtt::client
