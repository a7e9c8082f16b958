// Kernels for unit tests, the way the runtime gets them: built by its own
// kernel compiler (one cache per test build, removed after the ctest run)
// and loaded by the worker's KernelLibrary, which binds them to the
// emulator's kernel ABI table.
#pragma once

#include <string>
#include <vector>

#include "device/emu/worker/kernel_library.h"

namespace zyxtt::emu::test {

struct BuildResult {
  int status = -1;
  std::string output;  // compiler stdout + stderr
  double seconds = 0;
  std::string object;  // the (last) object in the cache
};

enum class KernelRole { kReader, kWriter, kCompute };

// Compiles each of `sources` (file paths) for `role` with KernelCompiler, the
// JIT itself; `out`, when given, receives a copy of the (last) object.
// `defines` (NAME or NAME=VALUE) are what a host passes in its kernel config.
BuildResult build_kernel(const std::vector<std::string>& sources, KernelRole role, const std::string& out,
                         const std::string& ctas = "2,4096,2,4096", const std::vector<std::string>& defines = {});

// Loads (once per process) and binds an object; throws zyxtt::Error.
const LoadedKernel& load_kernel(const std::string& object);

// The corpus root (see corpus_location.h) when present, else "".
std::string corpus_dir();
// A fresh private directory for build outputs.
std::string scratch_dir();
void remove_dir(const std::string& dir);
bool write_file(const std::string& path, const std::string& text);

}  // namespace zyxtt::emu::test
