// What every kernel of a role is given first (kernel-api's
// zyxtt/kernel_api_reader.h, _writer.h and _compute.h: the C++ standard
// headers and the prelude) is most of what a kernel's compile parses. With
// GCC it is precompiled once per user, compiler and kernel-API tree (not per
// kernel cache: it depends on no kernel) under $XDG_CACHE_HOME/zyx-tt/pch,
// with the role's fixed defines; a kernel whose other defines change a macro
// the header reads is refused it by GCC and parses the header itself, with
// the same result. Finding them is quick, and compiles wait for that;
// building them is not: one runtime at a time builds them in the background
// at the lowest priority (ended if it stops first), and compiles parse the
// headers themselves until they are ready. Objects are the same either way.
// The newest four sets (one per compiler or kernel-API tree) are kept.
// Inside a set, compute kernels' heads (kernel_head.h) are precompiled on
// top of the compute header once two kernels started alike, the newest few kept.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "device/emu/jit/subprocess.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

class PrecompiledHeaders {
 public:
  // Runs the compiler in the background with `argv`, its stderr to the sink.
  using RunCompiler = std::function<ProcessResult(const std::vector<std::string>& argv, const OutputSink& on_stderr)>;

  // What names a set: the compiler's -v report and the kernel-API tree's
  // fingerprint (every file, so that an edit to any header builds anew).
  struct Inputs {
    std::string compiler_report;
    std::string kernel_api_fingerprint;
  };
  // A role's compiler, options and fixed defines, which its precompiled header
  // must share with the kernels.
  using Flags = std::function<std::vector<std::string>(krt::Role)>;

  // Starts looking for them on a thread; `inputs` may block until known.
  PrecompiledHeaders(std::function<Inputs()> inputs, std::string kernel_api, Flags flags, RunCompiler run);
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

  // The header to force-include first for a kernel of `role` whose head is
  // `head` (KernelHead::text), compiled with `flags` (its compiler's argv
  // without input, output and -include options): there once that head is
  // precompiled in `set` (what ready() gave). Until then nothing: a head
  // seen the first time is only marked (its text kept), the second time it
  // is built in the background (one head at a time) for the compiles that
  // follow.
  std::optional<std::string> head(const std::string& set, krt::Role role, const std::string& head,
                                  const std::vector<std::string>& flags);
  // A compile found the precompiled head of `header` damaged: it is removed.
  void drop_head(const std::string& header);

 private:
  std::string find();
  std::string build(const std::string& dir);
  void build_head(const std::string& header, const std::vector<std::string>& argv);

  std::function<Inputs()> inputs_;
  std::string kernel_api_;
  Flags flags_;
  RunCompiler run_;
  std::shared_future<std::string> found_;  // the folder, "" when none (yet)
  std::shared_future<std::string> built_;  // started by find() when missing
  std::atomic<bool> dropped_{false};
  std::mutex heads_mutex_;
  std::future<void> head_build_;        // the head being built, if any
  std::set<std::string> heads_failed_;  // heads that did not precompile: not tried again here
};

}  // namespace zyxtt::emu
