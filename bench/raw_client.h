// The floor of a command round trip: the real zyx-tt-runtime on real pipes,
// driven by a client that only writes a line and reads up to its '\n' (no
// polls, no line scanning beyond the newline, no allocations per request).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

extern char** environ;

namespace zyxtt::bench {

class RawClient {
 public:
  explicit RawClient(const char* program) {
    int down[2], up[2];
    if (pipe2(down, O_CLOEXEC) != 0 || pipe2(up, O_CLOEXEC) != 0) std::abort();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, down[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, up[1], STDOUT_FILENO);
    char* argv[] = {const_cast<char*>(program), nullptr};
    if (posix_spawn(&pid_, program, &actions, nullptr, argv, environ) != 0) std::abort();
    posix_spawn_file_actions_destroy(&actions);
    close(down[0]);
    close(up[1]);
    in_ = down[1];
    out_ = up[0];
  }
  // The pipes of a runtime someone else spawned (the client library's), opened
  // again through /proc: raw round trips then reach the same process as that
  // owner's requests, so both sides see the same runtime. Take turns with the
  // owner: one command in flight at a time.
  static RawClient attach(pid_t pid) { return RawClient(pid); }
  RawClient(RawClient&& other) noexcept : owns_process_(other.owns_process_), pid_(other.pid_), in_(other.in_), out_(other.out_) {
    other.in_ = other.out_ = -1;
    other.pid_ = -1;
  }
  ~RawClient() {
    if (in_ >= 0) close(in_);
    if (owns_process_ && pid_ > 0) waitpid(pid_, nullptr, 0);
    if (out_ >= 0) close(out_);
  }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  // Writes `line` (ending in '\n') and reads until the answer's '\n'; returns
  // the answer's length. Aborts if the runtime is gone.
  size_t round_trip(std::string_view line) {
    write_all(line);
    size_t got = 0;
    for (;;) {
      ssize_t n = read(out_, answer_ + got, sizeof answer_ - got);
      if (n <= 0) std::abort();
      got += static_cast<size_t>(n);
      if (answer_[got - 1] == '\n') return got;
      if (got == sizeof answer_) got = 0;  // a long line: keep only its end
    }
  }
  std::string_view answer(size_t length) const { return {answer_, length}; }
  // A command with raw bytes after its line (compile_program); its answer.
  std::string command(std::string_view line, std::string_view payload = {}) {
    write_all(std::string(line) + "\n");
    write_all(payload);
    size_t got = 0;
    for (;;) {
      ssize_t n = read(out_, answer_ + got, sizeof answer_ - got);
      if (n <= 0) std::abort();
      got += static_cast<size_t>(n);
      if (answer_[got - 1] == '\n') return std::string(answer_, got - 1);
      if (got == sizeof answer_) std::abort();
    }
  }

 private:
  void write_all(std::string_view data) {
    while (!data.empty()) {
      ssize_t n = write(in_, data.data(), data.size());
      if (n <= 0) std::abort();
      data.remove_prefix(static_cast<size_t>(n));
    }
  }
  explicit RawClient(pid_t pid) : owns_process_(false), pid_(pid) {
    const std::string fds = "/proc/" + std::to_string(pid) + "/fd/";
    in_ = open((fds + "0").c_str(), O_WRONLY | O_CLOEXEC);
    out_ = open((fds + "1").c_str(), O_RDONLY | O_CLOEXEC);
    if (in_ < 0 || out_ < 0) std::abort();
  }

  bool owns_process_ = true;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  char answer_[4096];
};

// The cheapest command: free_buf of an index never handed out (an error answer).
inline constexpr std::string_view kCheapCommand = "{\"cmd\":\"free_buf\",\"index\":4294967295}\n";

}  // namespace zyxtt::bench
