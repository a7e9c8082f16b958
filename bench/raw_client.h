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
  ~RawClient() {
    close(in_);
    waitpid(pid_, nullptr, 0);
    close(out_);
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
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  char answer_[4096];
};

// The cheapest command: free_buf of an index never handed out (an error answer).
inline constexpr std::string_view kCheapCommand = "{\"cmd\":\"free_buf\",\"index\":4294967295}\n";

}  // namespace zyxtt::bench
