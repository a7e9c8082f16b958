// Compiles one kernel source into a shared object with the host compiler,
// against kernel-api/, and caches it on disk under a key that covers
// everything that changes the object.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

struct KernelSpec {
  krt::Role role = krt::Role::kReader;
  std::string source;
  std::vector<uint32_t> compile_args;
  std::vector<std::string> defines;  // NAME or NAME=VALUE
};

struct CompileStats {
  std::atomic<uint64_t> compiled{0};
  std::atomic<uint64_t> disk_hits{0};
};

class KernelCompiler {
 public:
  // `cache_dir` is created 0700 if missing; `kernel_api_dir` holds the headers.
  KernelCompiler(std::string cache_dir, std::string kernel_api_dir, std::string compiler = "g++");

  // Path of the shared object for `spec`, compiling it unless a trustworthy
  // copy is cached. Throws Error(INVALID_ARGUMENT) carrying the compiler's
  // diagnostics, trimmed to one line.
  std::string build(const KernelSpec& spec);

  // The cached object for `spec` when one is there and trustworthy.
  std::optional<std::string> lookup(const KernelSpec& spec);

  std::string cache_key(const KernelSpec& spec);
  const CompileStats& stats() const { return stats_; }
  const std::string& directory() const { return dir_; }

 private:
  std::vector<std::string> command(const KernelSpec& spec, const std::string& output) const;
  // The trustworthy cached object of `key`, if there is one.
  std::optional<std::string> cached(const std::string& key);
  const std::string& toolchain_identity();

  std::string dir_;
  std::string kernel_api_;
  std::string compiler_;
  std::once_flag identity_once_;
  std::string identity_;  // compiler version + kernel-api contents hash
  CompileStats stats_;
};

// True when `path` is a regular file owned by this user and writable by no
// one else: only such objects are ever loaded.
bool is_trusted_file(const std::string& path);

// One line a person can act on, from a compiler's stderr.
std::string summarize_diagnostics(const std::string& stderr_text);

}  // namespace zyxtt::emu
