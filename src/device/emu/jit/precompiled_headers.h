// The C++ standard headers every kernel is given first (kernel-api's
// zyxtt/kernel_std_dataflow.h and kernel_std_compute.h) are most of what a
// kernel's compile parses. With GCC they are precompiled once per user,
// compiler and header text (not per kernel cache: they depend on neither the
// kernels nor the rest of the kernel API) under $XDG_CACHE_HOME/zyx-tt/pch.
// Finding them is quick, and compiles wait for that; building them is not:
// one runtime at a time builds them in the background at the lowest
// priority (ended if it stops first), and compiles parse the headers
// themselves until they are ready. Objects are the same either way. The
// newest four sets (one per compiler or header text) are kept.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "device/emu/jit/subprocess.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

class PrecompiledHeaders {
 public:
  // Runs the compiler in the background with `argv`, its stderr to the sink.
  using RunCompiler = std::function<ProcessResult(const std::vector<std::string>& argv, const OutputSink& on_stderr)>;

  // Starts looking for them on a thread. `compiler_report` (the compiler's
  // -v, which may block until known) names the compiler; `flags` are the
  // kernels' compiler and options, which a precompiled header must share.
  PrecompiledHeaders(std::function<std::string()> compiler_report, std::string kernel_api,
                     std::vector<std::string> flags, RunCompiler run);
  ~PrecompiledHeaders();  // waits for its threads
  PrecompiledHeaders(const PrecompiledHeaders&) = delete;
  PrecompiledHeaders& operator=(const PrecompiledHeaders&) = delete;

  // The header force-included first in a kernel of `role`.
  static const char* header_for(krt::Role role);
  // The folder to put first on the include path, when they are ready now.
  std::optional<std::string> ready() const;
  // The same, after waiting for the lookup and any build.
  std::optional<std::string> wait();
  // A compile found them damaged: they are removed and not used again here.
  void drop();

 private:
  std::string find();
  std::string build(const std::string& dir, std::vector<std::string> argv);

  std::function<std::string()> compiler_report_;
  std::string kernel_api_;
  std::vector<std::string> flags_;
  RunCompiler run_;
  std::shared_future<std::string> found_;  // the folder, "" when none (yet)
  std::shared_future<std::string> built_;  // started by find() when missing
  std::atomic<bool> dropped_{false};
};

}  // namespace zyxtt::emu
