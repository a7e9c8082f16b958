// --help, --version and the environment twins of every option.
#include <cstdio>

#include "runtime_fixture.h"

using namespace zyxtt::testing;

namespace {

std::string run_capture(const std::string& args, int* status) {
  std::string cmd = std::string(ZYXTT_RUNTIME_PATH) + " " + args + " 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, f)) out.append(buf, n);
  *status = pclose(f);
  return out;
}

}  // namespace

TEST(CommandLine, HelpListsEveryOptionWithItsEnvironmentVariable) {
  int status = 0;
  std::string help = run_capture("--help", &status);
  EXPECT_EQ(status, 0);
  for (const char* pair : {"--log-level", "ZYX_TT_LOG", "--arch", "ZYX_TT_ARCH", "--virtual-grid",
                           "ZYX_TT_VIRTUAL_GRID", "--keepalive-after", "ZYX_TT_KEEPALIVE_AFTER",
                           "--keepalive-every", "ZYX_TT_KEEPALIVE_EVERY", "--threads", "ZYX_TT_THREADS",
                           "--run-timeout", "ZYX_TT_RUN_TIMEOUT", "--noc-alignment", "ZYX_TT_NOC_ALIGNMENT",
                           "--dprint", "ZYX_TT_DPRINT", "--unpack-to-dest", "ZYX_TT_UNPACK_TO_DEST",
                           "--idle-spin-us", "ZYX_TT_IDLE_SPIN_US", "--kernel-api", "ZYX_TT_KERNEL_API",
                           "--compiler", "ZYX_TT_COMPILER", "--compile-timeout", "ZYX_TT_COMPILE_TIMEOUT",
                           "--worker-memory", "ZYX_TT_WORKER_MEMORY"}) {
    EXPECT_NE(help.find(pair), std::string::npos) << pair;
  }
}

TEST(CommandLine, VersionPrintsAndExits) {
  int status = 0;
  std::string out = run_capture("--version", &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.rfind("zyx-tt-runtime ", 0), 0u) << out;
}

TEST(CommandLine, BadOptionValuesAreRefused) {
  int status = 0;
  std::string out = run_capture("--arch wormhole </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("unknown arch 'wormhole'"), std::string::npos) << out;
  out = run_capture("--idle-spin-us 200000 </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--idle-spin-us"), std::string::npos) << out;
  out = run_capture("--worker-memory lots </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--worker-memory: expected a size such as 4G, 512M or 1073741824"), std::string::npos) << out;
  out = run_capture("--worker-memory 300M </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("the device worker needs at least 512M"), std::string::npos) << out;
  // The environment twin goes through the same check.
  out = run_capture("</dev/null; ZYX_TT_WORKER_MEMORY=1.5x " + std::string(ZYXTT_RUNTIME_PATH) + " </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("expected a size such as 4G"), std::string::npos) << out;
}

TEST(CommandLine, EnvironmentVariablesSetOptions) {
  zyxtt::client::SpawnOptions options = runtime_options();
  options.env = {{"ZYX_TT_ARCH", "p150"}, {"ZYX_TT_VIRTUAL_GRID", "1"}};
  zyxtt::client::RuntimeProcess p(options);
  // Virtual grid: a 32x32 grid passes the grid check and reaches the device.
  const std::string src = "void kernel_main() {}\n";
  std::string compile = R"({"cmd":"compile_program","id":0,"reader_source_len":)" + std::to_string(src.size()) +
                        R"(,"compute_source_len":)" + std::to_string(src.size()) + R"(,"writer_source_len":)" +
                        std::to_string(src.size()) + R"(,"n_cbs":0})";
  EXPECT_EQ(p.request(compile, zyxtt::client::ErrorKind::kKernelCompilation, src + src + src).line.find("error"),
            std::string::npos);
  std::string run = p.request(R"({"cmd":"run","id":0,"gd0":32,"gd1":32})", zyxtt::client::ErrorKind::kKernelLaunch).line;
  EXPECT_EQ(run, R"({"status":"ok"})");
}
