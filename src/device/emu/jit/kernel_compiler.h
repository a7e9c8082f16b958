// Compiles one kernel source into a shared object with the host compiler,
// against kernel-api/, and caches it on disk under a key that covers
// everything that changes the object.
#pragma once

#include <atomic>
#include <future>
#include <memory>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/option_hint.h"
#include "device/emu/jit/compiler_output.h"
#include "device/emu/jit/kernel_head.h"
#include "device/emu/jit/object_store.h"
#include "device/emu/jit/precompiled_headers.h"
#include "device/emu/jit/subprocess.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

// What the compiler is asked to build: one kernel's source and everything
// that shapes its object (program::KernelSpec is the kernel in a program).
struct CompileRequest {
  krt::Role role = krt::Role::kReader;
  std::string source;
  std::vector<uint32_t> compile_args;
  std::vector<std::string> defines;  // NAME or NAME=VALUE
  int noc = -1;                      // NOC_INDEX; -1: the role's default (reader 0, writer 1)
  std::vector<std::string> include_dirs;  // extra -I, after kernel-api
  std::string file;                  // the kernel's file name in messages; empty: reader.cpp & co
};

struct CompilerConfig {
  std::string program = "g++";
  std::chrono::milliseconds timeout{120000};  // per kernel; 0: none
  uint64_t memory_limit_bytes = 0;             // address space of each compiler process; 0: none
  int stop_fd = -1;                            // readable once the runtime must stop: compiles end at once
  OptionHints hints = OptionHints::kFlagAndVariable;  // how errors name --compiler and --compile-timeout
  bool profile_kernels = false;  // define PROFILE_KERNEL, as tt-metal's JIT does under its device profiler
};

struct CompileStats {
  std::atomic<uint64_t> compiled{0};
  std::atomic<uint64_t> disk_hits{0};
  std::atomic<uint64_t> with_precompiled_head{0};  // of `compiled`
};

class KernelCompiler {
 public:
  // `cache_dir` is created 0700 if missing (see ObjectStore); `kernel_api_dir`
  // holds the headers; `api_fingerprint`, when given, is its
  // start_tree_fingerprint, begun before the cache folder was known.
  KernelCompiler(const std::string& cache_dir, std::string kernel_api_dir, CompilerConfig config = {},
                 std::shared_future<std::string> api_fingerprint = {});
  ~KernelCompiler();
  KernelCompiler(const KernelCompiler&) = delete;
  KernelCompiler& operator=(const KernelCompiler&) = delete;

  // Path of the shared object for `spec`, compiling it unless an intact copy
  // is cached. Throws Error: INVALID_ARGUMENT with the kernel's errors in one
  // line; DEADLINE_EXCEEDED past the time limit; RESOURCE_EXHAUSTED for a
  // full disk or the memory limit; INTERNAL for a failed link or a crashed
  // compiler. Every message names the kernel's file (reader.cpp, ...).
  std::string build(const CompileRequest& spec);

  // The cached object for `spec` when one is there and intact.
  std::optional<std::string> lookup(const CompileRequest& spec);

  std::string cache_key(const CompileRequest& spec);
  // The folder of the precompiled standard headers once found or built,
  // waiting for them; nothing when there are none (see PrecompiledHeaders).
  std::optional<std::string> wait_for_pch();
  const CompileStats& stats() const { return stats_; }
  const std::string& directory() const { return store_.directory(); }
  // The compiler's argv for `spec` (source on stdin, object to `output`).
  std::vector<std::string> command(const CompileRequest& spec, const std::string& output) const;
  // The head of a compute kernel that may be precompiled (kernel_head.h);
  // empty for other roles, whose API is precompiled whole.
  KernelHead head_of(const CompileRequest& spec);
  // What build() gives the compiler on stdin for `spec`.
  std::string translation_unit(const CompileRequest& spec);

 private:
  ProcessLimits limits() const;
  // The flags a compute kernel's head is precompiled with (PrecompiledHeaders::head).
  std::vector<std::string> head_flags(const CompileRequest& spec) const;
  // run_process under limits(); a compiler that cannot start is told how to
  // choose another. Background work runs at the lowest priority.
  ProcessResult run_compiler(const std::vector<std::string>& argv, std::string_view input,
                             const OutputSink& on_stderr, bool background = false) const;
  Error out_of_memory(const std::string& file, const std::string& reason) const;
  Error failure(const std::string& file, const ProcessResult& result, const CompilerOutput& output) const;
  // The intact cached object of `key`, if there is one.
  std::optional<std::string> cached(const std::string& key);
  // The key the object of `key` is filed under: `key`, or, when its kernel
  // read headers outside the kernel API, `key` extended by their contents.
  std::string filed_key(const std::string& key) const;
  // Lists the headers outside the kernel API that a compile read (its
  // dependency file `deps`) under `key`'s manifest; returns the filed key.
  std::string file_dependencies(const std::string& key, const CompileRequest& spec, const std::string& deps,
                                const std::optional<std::string>& pch);
  const std::string& toolchain_identity();
  // Throws unless the kernel-API headers are the contract the emulator was built with.
  void check_contract();

  ObjectStore store_;
  std::string kernel_api_;
  CompilerConfig config_;
  // Where the runtime was started: searched last (-idirafter). The compiler
  // runs in the cache folder, so that a kernel's quoted includes find the
  // kernel API before the working directory's (a tt-metal checkout has its
  // own device headers under the same names).
  std::string start_dir_;
  // Compiler report + kernel-API fingerprint (the latter walked on a thread
  // from construction on, or earlier), so that a warm start's first compile
  // hardly waits.
  struct Toolchain {
    std::string compiler_report;  // the compiler's -E -v of an empty file
    std::string identity;         // + the ABI and the kernel-API fingerprint
    std::string kernel_api_fingerprint;  // tree_fingerprint of the kernel-API folder
    std::vector<std::string> system_dirs;  // where the compiler looks for <...> on its own
  };
  std::shared_future<Toolchain> toolchain_;
  std::unique_ptr<PrecompiledHeaders> pch_;  // after toolchain_: its thread reads it
  std::once_flag contract_once_;
  std::optional<uint32_t> contract_version_;  // of the kernel-api headers (krt_contract.h)
  CompileStats stats_;
};

// True when `path` is a regular file owned by this user and writable by no
// one else: only such objects are ever loaded.
bool is_trusted_file(const std::string& path);

}  // namespace zyxtt::emu
