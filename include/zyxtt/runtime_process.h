// zyxtt client library, low level: the zyx-tt-runtime child process and the
// line protocol, with the same waiting rules as zyx's Rust backend.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::client {

// The failure categories of zyx's backend.
enum class ErrorKind {
  kInitialization,
  kMemoryAllocation,
  kMemoryCopyHostToPool,
  kMemoryCopyPoolToHost,
  kKernelCompilation,
  kKernelLaunch,
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, std::string runtime_code = {})
      : std::runtime_error(message), kind_(kind), runtime_code_(std::move(runtime_code)) {}
  ErrorKind kind() const { return kind_; }
  // The runtime's canonical code (e.g. "NOT_FOUND") when the runtime answered
  // an error; empty for failures on the client side.
  const std::string& runtime_code() const { return runtime_code_; }

 private:
  ErrorKind kind_;
  std::string runtime_code_;
};

// $XDG_CONFIG_HOME/zyx/zyx-tt-runtime when XDG_CONFIG_HOME is absolute,
// else $HOME/.config/zyx/zyx-tt-runtime.
std::filesystem::path default_runtime_path();
// The cache_dir zyx sends with init: <config>/zyx/cache/tt.
std::filesystem::path default_cache_dir();

// What an answer line says, read the way zyx reads it.
struct Answer {
  std::string line;
  std::chrono::steady_clock::time_point received;
  bool is_error() const;                          // contains "error"
  std::optional<std::string> field(std::string_view key) const;  // next quoted string after "key":
};

struct SpawnOptions {
  std::filesystem::path program = default_runtime_path();
  std::vector<std::string> args;  // zyx passes none
  // Which chip of the emulated cluster (or which card) the runtime serves:
  // passed as --device-id; unset, the runtime's own default (ZYX_TT_DEVICE_ID, else 0).
  std::optional<int> device_id;
  // Which emulated cluster the runtime models: passed as --cluster when not
  // empty (p100a, p150, p300, 4xp150, 8xp150, galaxy or RxC); empty, the
  // runtime's own choice (ZYX_TT_CLUSTER, TT_METAL_MOCK_CLUSTER_DESC_PATH,
  // else one P100A).
  std::string cluster;
  std::vector<std::pair<std::string, std::string>> env;  // added to the inherited environment
  int timeout_ms = 30000;  // per answer, in three polls as zyx does
  // Empty: the runtime inherits stderr, as from zyx. Else its stderr (logs,
  // kernels' DPRINT lines) goes to this file, created or truncated.
  std::filesystem::path stderr_path;
};

class RuntimeProcess {
 public:
  explicit RuntimeProcess(const SpawnOptions& options);
  // Closes stdin (EOF ends the runtime), waits for it, and kills it only if it
  // does not leave within a few seconds. Only ever signals its own child.
  ~RuntimeProcess();
  RuntimeProcess(const RuntimeProcess&) = delete;
  RuntimeProcess& operator=(const RuntimeProcess&) = delete;

  // Writes `line` + '\n', then `payload` raw, in order. A runtime that has
  // left (its stdin closed) ends the writes without a SIGPIPE; the next
  // receive() reads what it said and reports its exit.
  void send(std::string_view line, std::string_view payload = {});
  // The next line starting with '{'; other lines are skipped and restart the
  // wait, as in zyx. Throws Error(kind) on timeout, EOF or child exit.
  Answer receive(ErrorKind kind);
  Answer request(std::string_view line, ErrorKind kind, std::string_view payload = {});

  // Non-JSON lines seen so far (keep-alive lines), with when they arrived.
  struct SkippedLine {
    std::string text;
    std::chrono::steady_clock::time_point received;
  };
  const std::vector<SkippedLine>& skipped_lines() const { return skipped_; }
  pid_t pid() const { return pid_; }
  // Closes the runtime's stdin without waiting.
  void close_stdin();
  // Waits up to `timeout_ms` for the child; returns its wait status.
  std::optional<int> wait_exit(int timeout_ms);

 private:
  bool child_exited();
  std::optional<std::string> read_buffered_line();
  // Appends what the child wrote; false at EOF.
  bool fill(ErrorKind kind);

  pid_t pid_ = -1;
  int in_fd_ = -1;   // runtime's stdin
  int out_fd_ = -1;  // runtime's stdout
  int timeout_ms_;
  std::optional<int> exit_status_;
  std::string buffer_;  // read but not yet consumed from begin_
  size_t begin_ = 0;
  std::vector<SkippedLine> skipped_;
};

}  // namespace zyxtt::client
