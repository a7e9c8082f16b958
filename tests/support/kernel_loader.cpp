#include "kernel_loader.h"

#include "corpus_location.h"

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"

namespace zyxtt::emu::test {

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  return bool(f);
}

std::string corpus_dir() { return zyxtt::testing::corpus_root().string(); }

void remove_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

std::string scratch_dir() {
  std::string tmpl = "/tmp/zyxtt-dataflow-test-XXXXXX";
  if (mkdtemp(tmpl.data()) == nullptr) return "/tmp";
  return tmpl;
}

BuildResult build_kernel(const std::vector<std::string>& sources, KernelRole role, const std::string& out,
                         const std::string& ctas, const std::vector<std::string>& defines) {
  // One cache in the build tree for all test processes: kernels compile once.
  static KernelCompiler compiler(ZYXTT_TEST_KERNEL_CACHE, ZYXTT_KERNEL_API_DIR);
  CompileRequest spec;
  spec.role = role == KernelRole::kReader ? krt::Role::kReader
              : role == KernelRole::kWriter ? krt::Role::kWriter
                                            : krt::Role::kCompute;
  spec.defines = defines;
  std::stringstream list(ctas);
  for (std::string v; std::getline(list, v, ',');) spec.compile_args.push_back(static_cast<uint32_t>(std::stoul(v)));
  BuildResult r;
  r.status = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const std::string& path : sources) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    spec.source = text.str();
    try {
      const std::string object = compiler.build(spec);
      r.object = object;
      if (!out.empty()) std::filesystem::copy_file(object, out, std::filesystem::copy_options::overwrite_existing);
    } catch (const Error& e) {
      r.status = 1;
      r.output += path + ": " + e.what() + "\n";
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

const LoadedKernel& load_kernel(const std::string& object) {
  static KernelLibrary library;
  return library.load(object);
}

}  // namespace zyxtt::emu::test
