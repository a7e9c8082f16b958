// The runtime's options are parsed once and handed to the emulator, whichever
// device drives it: run with --device emu here and, under label metal-emu
// (ZYX_TT_DEVICE=metal), through the metal plugin and the project's own
// TT-Metalium, whose emulator must see them as given.
#include <gmock/gmock.h>

#include <fstream>
#include <sstream>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt::testing;
using ::testing::HasSubstr;

namespace {

// A reader that pushes a page it never reserved (free, so silicon copes: a
// warning, an error under --strict) and a writer that takes it.
const Kernels kPushWithoutReserve{
    R"(#include "dataflow_api.h"
void kernel_main() { cb_push_back(0, 1); }
)",
    "",
    R"(#include "dataflow_api.h"
void kernel_main() {
  cb_wait_front(0, 1);
  cb_pop_front(0, 1);
}
)"};

class Options : public RuntimeTest {
 protected:
  void SetUp() override {}
  void TearDown() override {
    RuntimeTest::TearDown();
    runtime_.reset();
    std::filesystem::remove(log_);
  }
  std::string logged() const {
    std::ifstream in(log_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string compile_and_run(const Kernels& k) {
    const std::string compiled = raw(compile_command(1, k, std::span(&kOneFloat32Cb, 1)), payload(k));
    if (compiled != R"({"status":"ok"})") return compiled;
    return raw(R"({"cmd":"run","id":1,"gd0":1,"gd1":1})");
  }

  const std::filesystem::path log_ =
      std::filesystem::temp_directory_path() / ("zyxtt-options-" + std::to_string(getpid()) + ".log");
};

TEST_F(Options, EveryEmulatorOptionReachesTheEmulatorAsGiven) {
  // Each differs from its default.
  const std::string kernel_api = std::string(ZYXTT_SOURCE_KERNEL_API) + "/";
  const std::filesystem::path trace = log_.string() + ".trace.json";
  restart({"--log-level", "debug", "--arch", "p150", "--threads", "3", "--run-timeout", "7.5", "--noc-alignment",
           "warn", "--dprint", "--strict", "--unpack-to-dest", "default", "--idle-spin-us", "17", "--worker-memory",
           "3G", "--kernel-api", kernel_api, "--compiler", "/usr/bin/g++", "--compile-timeout", "9", "--trace",
           trace.string(), "--model-contention", "off"},
          log_, cache_dir_for_tests());
  const std::string log = logged();
  std::filesystem::remove(trace);  // the runtime writes on into the unlinked file
  EXPECT_THAT(log, HasSubstr("emulator options: arch p150, threads 3, run timeout 7.5 s, noc alignment warn, dprint "
                             "on, strict on, unpack to dest default, idle spin 17 us, worker memory 3 GiB, kernel "
                             "api " +
                             kernel_api +
                             ", compiler /usr/bin/g++, compile timeout 9 s, compiler memory 3 GiB, log level debug, "
                             "hints flags and variables, chip 0, trace " +
                             trace.string() + ", model contention off\n"));
}

TEST_F(Options, StrictMakesAFindingFailTheRunNamingFlagAndVariable) {
  restart({}, log_, cache_dir_for_tests());
  EXPECT_EQ(compile_and_run(kPushWithoutReserve), R"({"status":"ok"})");
  EXPECT_THAT(logged(), HasSubstr("(--strict (ZYX_TT_STRICT=1) makes it an error)"));
  restart({"--strict"}, log_, cache_dir_for_tests());
  const std::string answer = compile_and_run(kPushWithoutReserve);
  EXPECT_NE(code_of(answer), "") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("cb_push_back"));
  EXPECT_THAT(msg_of(answer), HasSubstr("an error under --strict (ZYX_TT_STRICT=1)"));
}

}  // namespace
