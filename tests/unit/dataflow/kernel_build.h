// Builds kernel sources the way the JIT does, for tests.
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

// Compiles `sources` (one TU each, each followed by zyxtt/entry.h) for `role`;
// `out` is the shared object, or empty for -fsyntax-only.
BuildResult build_kernel(const std::vector<std::string>& sources, KernelRole role, const std::string& out,
                         const std::string& ctas = "2,4096,2,4096");

// The corpus root (see corpus_location.h) when present, else "".
std::string corpus_dir();
// A fresh private directory for build outputs.
std::string scratch_dir();
void remove_dir(const std::string& dir);
bool write_file(const std::string& path, const std::string& text);

}  // namespace zyxtt::emu::test
