// --device (ZYX_TT_DEVICE): which device init opens, and what init answers
// when the metal device cannot be had. Real binary, real pipes.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime_fixture.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

const std::string kInit = R"({"cmd":"init","cache_dir":")" + cache_dir_for_tests() + R"("})";

struct Started {
  std::unique_ptr<client::RuntimeProcess> runtime;
  std::string init_answer;
};

Started start_runtime(std::vector<std::string> args, std::vector<std::pair<std::string, std::string>> env = {},
                      const std::filesystem::path& stderr_path = {}) {
  client::SpawnOptions options = runtime_options(std::move(args));
  options.env = std::move(env);
  options.stderr_path = stderr_path;
  Started s;
  s.runtime = std::make_unique<client::RuntimeProcess>(options);
  s.init_answer = s.runtime->request(kInit, client::ErrorKind::kKernelLaunch).line;
  return s;
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()));
}

}  // namespace

#if !ZYXTT_METAL_BUILT
TEST(DeviceChoice, MetalWithoutTTMetaliumIsAnInitErrorSayingWhatToInstall) {
  for (bool by_env : {false, true}) {
    Started s = by_env ? start_runtime({}, {{"ZYX_TT_DEVICE", "metal"}}) : start_runtime({"--device", "metal"});
    EXPECT_EQ(code_of(s.init_answer), "FAILED_PRECONDITION") << s.init_answer;
    EXPECT_EQ(msg_of(s.init_answer),
              "the metal device is not built: no TT-Metalium was found when this runtime was built; install "
              "TT-Metalium (tt-metal's package, or a built tt-metal tree named by TT_METAL_RUNTIME_ROOT or "
              "TT_METAL_ROOT) and rebuild, or run on the emulator with --device emu (ZYX_TT_DEVICE=emu)");
    // Nothing else works until an init succeeds; the runtime keeps answering.
    EXPECT_EQ(msg_of(s.runtime->request(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})",
                                        client::ErrorKind::kKernelLaunch)
                         .line),
              "alloc_buf: no device is open yet; send init first");
  }
}
#else
TEST(DeviceChoice, AMissingPluginIsAnInitErrorNamingIt) {
  Started s = start_runtime({"--device", "metal", "--metal-plugin", "/nonexistent/libzyxtt-metal-device.so"});
  EXPECT_EQ(code_of(s.init_answer), "FAILED_PRECONDITION") << s.init_answer;
  EXPECT_EQ(msg_of(s.init_answer),
            "the metal device plugin /nonexistent/libzyxtt-metal-device.so is missing; reinstall the runtime or name "
            "the plugin with --metal-plugin (ZYX_TT_METAL_PLUGIN), or run on the emulator with --device emu "
            "(ZYX_TT_DEVICE=emu)");
}
#endif

TEST(DeviceChoice, AutoWithoutACardRunsOnTheEmulatorAndSaysSo) {
  const std::filesystem::path log = temp_file("zyxtt-auto-log");
  {
    Started s = start_runtime({"--device", "auto", "--metal-plugin", "/nonexistent/plugin.so", "--log-level", "info"},
                              {}, log);
    ASSERT_EQ(s.init_answer, R"({"status":"ready"})");
    EXPECT_EQ(s.runtime->request(R"({"cmd":"grid"})", client::ErrorKind::kKernelLaunch).line,
              R"({"status":"ok","rows":"10","cols":"12"})");
  }
  const std::string text = file_text(log);
  std::filesystem::remove(log);
  EXPECT_NE(text.find("init: the card (--device metal) unavailable (the metal device"), std::string::npos) << text;
  EXPECT_NE(text.find("init: device in use: the emulator (p100a, 10 x 12 worker grid)"), std::string::npos) << text;
}

TEST(DeviceChoice, InitLogsTheEmulatorByDefault) {
  const std::filesystem::path log = temp_file("zyxtt-emu-log");
  {
    Started s = start_runtime({"--log-level", "info", "--arch", "p150"}, {}, log);
    ASSERT_EQ(s.init_answer, R"({"status":"ready"})");
  }
  const std::string text = file_text(log);
  std::filesystem::remove(log);
  EXPECT_NE(text.find("init: device in use: the emulator (p150, 10 x 12 worker grid)"), std::string::npos) << text;
}

TEST(DeviceChoice, ASharedObjectWithoutTheEntryPointsIsRefused) {
  Started s = start_runtime({"--device", "metal"}, {{"ZYX_TT_METAL_PLUGIN", ZYXTT_NO_ENTRY_PLUGIN}});
  EXPECT_EQ(code_of(s.init_answer), "FAILED_PRECONDITION") << s.init_answer;
  EXPECT_EQ(msg_of(s.init_answer), std::string(ZYXTT_NO_ENTRY_PLUGIN) +
                                       " is not a metal device plugin of this runtime (its entry points are missing); "
                                       "rebuild it with the runtime");
}

TEST(DeviceChoice, APluginOfAnotherBuildIsRefused) {
  Started s = start_runtime({"--device", "metal", "--metal-plugin", ZYXTT_OTHER_ABI_PLUGIN});
  EXPECT_EQ(code_of(s.init_answer), "FAILED_PRECONDITION") << s.init_answer;
  EXPECT_EQ(msg_of(s.init_answer), std::string("the metal device plugin ") + ZYXTT_OTHER_ABI_PLUGIN +
                                       " was built from another version of this runtime (device ABI "
                                       "0123456789abcdef, the runtime's " ZYXTT_DEVICE_ABI
                                       "); rebuild it with the runtime");
}

TEST(DeviceChoice, AFileThatIsNoSharedObjectIsRefusedWithTheLoadersReason) {
  const std::filesystem::path junk = temp_file("zyxtt-junk-plugin.so");
  std::ofstream(junk) << "not an ELF file";
  Started s = start_runtime({"--device", "metal", "--metal-plugin", junk.string()});
  std::filesystem::remove(junk);
  EXPECT_EQ(code_of(s.init_answer), "FAILED_PRECONDITION") << s.init_answer;
  const std::string msg = msg_of(s.init_answer);
  EXPECT_EQ(msg.rfind("cannot load the metal device plugin " + junk.string() + ": ", 0), 0u) << msg;
  EXPECT_NE(msg.find("; its TT-Metalium libraries must be where it was built against, or on LD_LIBRARY_PATH, or run "
                     "on the emulator with --device emu (ZYX_TT_DEVICE=emu)"),
            std::string::npos)
      << msg;
}

TEST(DeviceChoice, UnknownDeviceKindsAreRefusedAtStart) {
  std::string cmd = std::string(ZYXTT_RUNTIME_PATH) + " --device card </dev/null 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, f)) out.append(buf, n);
  EXPECT_NE(pclose(f), 0);
  EXPECT_NE(out.find("--device: card not in {emu,metal,auto}"), std::string::npos) << out;
}
