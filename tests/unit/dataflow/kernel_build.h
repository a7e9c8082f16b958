// Builds kernel sources with the runtime's own kernel compiler, for tests.
#pragma once

#include <string>
#include <vector>

namespace zyxtt::emu::test {

struct BuildResult {
  int status = -1;
  std::string output;  // compiler stdout + stderr
  double seconds = 0;
};

enum class KernelRole { kReader, kWriter, kCompute };

// Compiles each of `sources` (file paths) for `role` with KernelCompiler, the
// JIT itself; `out`, when given, receives a copy of the (last) object.
BuildResult build_kernel(const std::vector<std::string>& sources, KernelRole role, const std::string& out,
                         const std::string& ctas = "2,4096,2,4096");

// The corpus root (see corpus_location.h) when present, else "".
std::string corpus_dir();
// A fresh private directory for build outputs.
std::string scratch_dir();
void remove_dir(const std::string& dir);
bool write_file(const std::string& path, const std::string& text);

}  // namespace zyxtt::emu::test
