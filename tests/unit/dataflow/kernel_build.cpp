#include "kernel_build.h"

#include "corpus_location.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>

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
                         const std::string& ctas) {
  static int counter = 0;
  const std::string dir = scratch_dir();
  std::string cmd = std::string(ZYXTT_TEST_CXX) + " -std=c++20 -O2 -fPIC -I" + ZYXTT_KERNEL_API_DIR +
                    " -include zyxtt/prelude.h -DKERNEL_BUILD -DARCH_BLACKHOLE '-DKERNEL_COMPILE_TIME_ARGS=" + ctas +
                    "'";
  switch (role) {
    case KernelRole::kReader: cmd += " -DCOMPILE_FOR_BRISC -DNOC_INDEX=0 -DPROCESSOR_INDEX=0"; break;
    case KernelRole::kWriter: cmd += " -DCOMPILE_FOR_NCRISC -DNOC_INDEX=1 -DPROCESSOR_INDEX=1"; break;
    case KernelRole::kCompute: cmd += " -DCOMPILE_FOR_TRISC"; break;
  }
  cmd += out.empty() ? " -fsyntax-only" : " -shared -o '" + out + "'";
  for (const std::string& s : sources) {
    const std::string tu = dir + "/tu" + std::to_string(counter++) + ".cpp";
    write_file(tu, "#include \"" + s + "\"\n#include \"zyxtt/entry.h\"\n");
    cmd += " '" + tu + "'";
  }
  cmd += " 2>&1";
  BuildResult r;
  const auto t0 = std::chrono::steady_clock::now();
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r.status != 0) r.output = cmd + "\n" + r.output;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return r;
}

}  // namespace zyxtt::emu::test
