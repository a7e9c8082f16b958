// Compiles through the real runtime that must end, stay small and say what
// went wrong: a compile that never finishes, a runtime killed mid-compile, a
// flood of errors, a full disk, a failed link, errors a person can act on.
#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt;
using namespace zyxtt::testing;
namespace fs = std::filesystem;

namespace {

const Kernels kTrivial = argument_reading_kernels();

std::string compile(uint32_t id, const Kernels& k) { return compile_command(id, k, std::span(&kOneFloat32Cb, 1)); }

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Live (not zombie) processes whose environment carries `marker`, except `self`.
std::vector<pid_t> processes_with(const std::string& marker, pid_t self) {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    pid_t pid = std::stoi(name);
    if (pid == self) continue;
    std::string stat = read_file(e.path() / "stat");
    size_t paren = stat.rfind(')');
    if (paren == std::string::npos || paren + 2 >= stat.size() || stat[paren + 2] == 'Z') continue;
    std::string env = read_file(e.path() / "environ");
    if (env.find(marker + '\0') != std::string::npos) out.push_back(pid);
  }
  return out;
}

std::string comm_of(pid_t pid) {
  std::string c = read_file("/proc/" + std::to_string(pid) + "/comm");
  return c.empty() ? c : c.substr(0, c.size() - 1);
}

uint64_t vm_hwm_kib(pid_t pid) {
  std::istringstream in(read_file("/proc/" + std::to_string(pid) + "/status"));
  std::string line;
  while (std::getline(in, line))
    if (line.starts_with("VmHWM:")) return std::stoull(line.substr(6));
  return 0;
}

// A test folder with a FIFO: a kernel that includes it never finishes compiling.
class CompileLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("zyxtt-compile-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fifo_ = dir_ / "never-written.h";
    ASSERT_EQ(mkfifo(fifo_.c_str(), 0600), 0);
    marker_ = "ZYXTT_COMPILE_TEST=" + dir_.filename().string();
  }
  void TearDown() override {
    // Whatever failed, compilers still waiting on the FIFO get EOF and end.
    for (int i = 0; i < 20; ++i) {
      int fd = open(fifo_.c_str(), O_WRONLY | O_NONBLOCK);
      if (fd < 0) break;
      close(fd);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    fs::remove_all(dir_);
  }
  client::SpawnOptions options(std::vector<std::string> args = {}) {
    client::SpawnOptions o = runtime_options(std::move(args));
    o.env.emplace_back(marker_.substr(0, marker_.find('=')), marker_.substr(marker_.find('=') + 1));
    return o;
  }
  std::string init_line() const { return R"({"cmd":"init","cache_dir":")" + (dir_ / "cache").string() + R"("})"; }
  std::string stalled_reader() const { return "#include \"" + fifo_.string() + "\"\nvoid kernel_main() {}\n"; }
  // A runtime that finds no precompiled kernel API for this user and tree
  // builds it in the background (precompiled_headers.h), with compilers that
  // carry the marker too: waits until none of the marker's processes has run
  // for a second, so that only the test's own compile is judged.
  void wait_for_background_builds(pid_t runtime) {
    const auto limit = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    auto quiet_since = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - quiet_since < std::chrono::seconds(1)) {
      ASSERT_LT(std::chrono::steady_clock::now(), limit) << "a background build of the precompiled kernel API never ended";
      if (!processes_with(marker_, runtime).empty()) quiet_since = std::chrono::steady_clock::now();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  // Waits until the compiler proper (cc1plus) of this test runs.
  std::vector<pid_t> wait_for_compiler(pid_t runtime) {
    for (int i = 0; i < 600; ++i) {
      auto pids = processes_with(marker_, runtime);
      for (pid_t p : pids)
        if (comm_of(p) == "cc1plus") return pids;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return {};
  }

  fs::path dir_;
  fs::path fifo_;
  std::string marker_;
};

}  // namespace

TEST_F(CompileLimits, ACompileThatNeverEndsIsKilledAtTheTimeLimitAndNamesTheKernel) {
  client::SpawnOptions o = options({"--keepalive-after", "0.3", "--keepalive-every", "0.3"});
  o.env.emplace_back("ZYX_TT_COMPILE_TIMEOUT", "3");  // as zyx, which passes no arguments, would set it
  client::RuntimeProcess rt(o);
  auto ask = [&](const std::string& line, std::string_view payload = {}) {
    return rt.request(line, client::ErrorKind::kKernelLaunch, payload).line;
  };
  ASSERT_EQ(ask(init_line()), R"({"status":"ready"})");
  ASSERT_NO_FATAL_FAILURE(wait_for_background_builds(rt.pid()));
  Kernels stalled{stalled_reader(), kTrivial.compute, kTrivial.writer};
  const auto start = std::chrono::steady_clock::now();
  rt.send(compile(1, stalled), payload(stalled));

  // While it hangs: the compiler runs in its own process group, first in line for the OOM killer.
  auto compilers = wait_for_compiler(rt.pid());
  ASSERT_FALSE(compilers.empty()) << "cc1plus never started";
  size_t judged = 0;
  for (pid_t p : compilers) {
    // A child not yet past exec still has the runtime's name and may not
    // have set its OOM score yet: judge the compiler's processes, those
    // still there (the driver's short-lived helpers may have ended since).
    const std::string name = comm_of(p);
    if (name == comm_of(rt.pid())) continue;
    const std::string score = read_file("/proc/" + std::to_string(p) + "/oom_score_adj");
    if (score.empty()) continue;
    EXPECT_NE(getpgid(p), getpgid(rt.pid())) << name;
    EXPECT_EQ(score, "1000\n") << name;
    ++judged;
  }
  EXPECT_GE(judged, 1u) << "no compiler process to judge (cc1plus waits on the FIFO, so it is there)";

  std::string answer = rt.receive(client::ErrorKind::kKernelCompilation).line;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(code_of(answer), "DEADLINE_EXCEEDED") << answer;
  EXPECT_EQ(msg_of(answer),
            "reader.cpp did not finish compiling within 3 s; raise --compile-timeout (ZYX_TT_COMPILE_TIMEOUT) if it "
            "needs longer");
  EXPECT_GE(seconds, 2.9);
  EXPECT_LT(seconds, 20.0);
  EXPECT_GE(rt.skipped_lines().size(), 3u) << "no keep-alive lines while the compile ran";
  EXPECT_EQ(processes_with(marker_, rt.pid()), std::vector<pid_t>{}) << "compiler processes outlived the limit";

  // The runtime keeps serving: a good program compiles and runs.
  Kernels good = kTrivial;
  std::string in = client::Answer{ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})"), {}}.field("index").value_or("?");
  std::string out = client::Answer{ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})"), {}}.field("index").value_or("?");
  ASSERT_EQ(ask(compile(2, good), payload(good)), R"({"status":"ok"})");
  EXPECT_EQ(ask(R"({"cmd":"run","id":2,"gd0":1,"gd1":1,"src0":)" + in + R"(,"dst0":)" + out + "}"),
            R"({"status":"ok"})");
}

TEST_F(CompileLimits, ARuntimeKilledMidCompileLeavesNoCompilerBehind) {
  pid_t runtime = 0;
  {
    client::RuntimeProcess rt(options());
    runtime = rt.pid();
    ASSERT_EQ(rt.request(init_line(), client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
    Kernels stalled{stalled_reader(), stalled_reader(), stalled_reader()};
    rt.send(compile(1, stalled), payload(stalled));
    ASSERT_FALSE(wait_for_compiler(rt.pid()).empty()) << "cc1plus never started";
    kill(rt.pid(), SIGKILL);  // as zyx's pkill -9 would
  }
  std::vector<pid_t> left;
  for (int i = 0; i < 100; ++i) {
    left = processes_with(marker_, runtime);
    if (left.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::string names;
  for (pid_t p : left) names += comm_of(p) + " ";
  EXPECT_EQ(left.size(), 0u) << "still running: " << names;
}

TEST_F(CompileLimits, SigtermDuringACompileEndsTheCompilerAndTheRuntimePromptly) {
  client::RuntimeProcess rt(options());
  ASSERT_EQ(rt.request(init_line(), client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
  Kernels stalled{stalled_reader(), kTrivial.compute, kTrivial.writer};
  rt.send(compile(1, stalled), payload(stalled));
  ASSERT_FALSE(wait_for_compiler(rt.pid()).empty()) << "cc1plus never started";
  const auto start = std::chrono::steady_clock::now();
  kill(rt.pid(), SIGTERM);
  auto status = rt.wait_exit(10000);
  ASSERT_TRUE(status.has_value()) << "the runtime waited for a compile that never ends";
  EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << *status;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
  EXPECT_EQ(processes_with(marker_, rt.pid()), std::vector<pid_t>{});
}

TEST_F(CompileLimits, AFloodOfErrorsKeepsTheRuntimeSmallAndSaysWhatWasDropped) {
  // 2^13 errors, each with a chain of 14 notes naming long macros: 30 MB of output.
  const std::string name = "EXPANDS_TO_AN_ERROR_" + std::string(180, 'X') + "_LEVEL_";
  std::string flood = "#define " + name + "0 {int a = \"x\";}\n";
  for (int i = 1; i <= 13; ++i)
    flood += fmt::format("#define {0}{1} {0}{2} {0}{2}\n", name, i, i - 1);
  flood += "void kernel_main() { " + name + "13 }\n";
  client::SpawnOptions o = options();
  o.timeout_ms = 120000;
  client::RuntimeProcess rt(o);
  ASSERT_EQ(rt.request(init_line(), client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
  Kernels k{flood, kTrivial.compute, kTrivial.writer};
  const uint64_t before = vm_hwm_kib(rt.pid());
  std::string answer = rt.request(compile(1, k), client::ErrorKind::kKernelCompilation, payload(k)).line;
  const uint64_t after = vm_hwm_kib(rt.pid());
  EXPECT_LT(after - before, 16u * 1024u) << "peak memory grew from " << before << " to " << after << " KiB";
  EXPECT_EQ(code_of(answer), "INVALID_ARGUMENT") << answer.substr(0, 300);
  std::string msg = msg_of(answer);
  EXPECT_TRUE(msg.starts_with("reader.cpp does not compile: reader.cpp:1:" + std::to_string(name.size() + 20) +
                              ": error: invalid conversion from 'const char*' to 'int'"))
      << msg.substr(0, 300);
  size_t more_at = msg.rfind("; and ");
  ASSERT_NE(more_at, std::string::npos) << msg.substr(msg.size() - 200);
  size_t shown = 0;
  for (size_t at = msg.find(": error: "); at < more_at; at = msg.find(": error: ", at + 1)) ++shown;
  EXPECT_GE(shown, 10u);
  EXPECT_EQ(std::stoull(msg.substr(more_at + 6)) + shown, 8192u) << msg.substr(more_at);
  EXPECT_TRUE(msg.ends_with(" more errors")) << msg.substr(more_at);
  EXPECT_LT(msg.size(), 1500u);
}

TEST_F(CompileLimits, AFullDiskIsResourceExhaustedNotACompileError) {
  const fs::path mnt = dir_ / "tiny";
  fs::create_directories(mnt);
  if (mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=1m,mode=0700") != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root): " << strerror(errno);
  }
  struct Unmount {
    fs::path p;
    ~Unmount() { umount2(p.c_str(), MNT_DETACH); }
  } unmount{mnt};
  client::RuntimeProcess rt(options());
  ASSERT_EQ(rt.request(R"({"cmd":"init","cache_dir":")" + mnt.string() + R"("})", client::ErrorKind::kInitialization).line,
            R"({"status":"ready"})");
  {
    std::ofstream fill(mnt / "filler", std::ios::binary);  // leaves no block free
    std::string block(4096, 'f');
    while (fill.write(block.data(), static_cast<std::streamsize>(block.size())) && fill.flush()) {
    }
  }
  Kernels k = kTrivial;
  std::string answer =
      rt.request(compile(1, k), client::ErrorKind::kKernelCompilation, payload(k)).line;
  EXPECT_EQ(code_of(answer), "RESOURCE_EXHAUSTED") << answer;
  EXPECT_TRUE(msg_of(answer).starts_with("no disk space to compile reader.cpp: ")) << answer;
  EXPECT_NE(msg_of(answer).find("No space left on device"), std::string::npos) << answer;
  fs::remove(mnt / "filler");
  EXPECT_EQ(rt.request(compile(2, k), client::ErrorKind::kKernelCompilation, payload(k)).line,
            R"({"status":"ok"})");
}

TEST_F(CompileLimits, AFailedLinkIsInternalWithTheLinkersReason) {
  client::RuntimeProcess rt(options());
  ASSERT_EQ(rt.request(init_line(), client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
  // An absolute relocation against an undefined symbol cannot go into a shared object.
  Kernels k{"asm(\".data\\n.long zz_not_defined_anywhere\\n.text\\n\");\nvoid kernel_main() {}\n", kTrivial.compute, kTrivial.writer};
  std::string answer =
      rt.request(compile(1, k), client::ErrorKind::kKernelCompilation, payload(k)).line;
  EXPECT_EQ(code_of(answer), "INTERNAL") << answer;
  EXPECT_TRUE(msg_of(answer).starts_with("cannot link reader.cpp: ld: ")) << answer;
  EXPECT_NE(msg_of(answer).find("relocation R_X86_64_32 against undefined symbol `zz_not_defined_anywhere'"),
            std::string::npos)
      << answer;
}

TEST_F(CompileLimits, CompileErrorsPointAtTheKernelAndKeepEveryErrorUpToTheCap) {
  client::RuntimeProcess rt(options());
  ASSERT_EQ(rt.request(init_line(), client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
  auto compile_reader = [&](const std::string& reader) {
    Kernels k{reader, kTrivial.compute, kTrivial.writer};
    return rt.request(compile(1, k), client::ErrorKind::kKernelCompilation, payload(k)).line;
  };
  // A reader missing its closing brace.
  std::string answer = compile_reader("void kernel_main() {\n  uint32_t a = get_arg_val<uint32_t>(0);\n  (void)a;\n");
  EXPECT_EQ(code_of(answer), "INVALID_ARGUMENT");
  EXPECT_EQ(msg_of(answer),
            "reader.cpp does not compile: reader.cpp:3:11: error: expected '}' at end of input");

  // 25 errors: the first 20 are kept, each at its line, the rest counted.
  std::string many = "void kernel_main() {\n";
  for (int i = 0; i < 25; ++i) many += "  u" + std::to_string(i) + "();\n";
  answer = compile_reader(many + "}\n");
  std::string msg = msg_of(answer);
  for (int i = 0; i < 20; ++i) {
    EXPECT_NE(msg.find("reader.cpp:" + std::to_string(i + 2) + ":3: error: 'u" + std::to_string(i) +
                       "' was not declared in this scope"),
              std::string::npos)
        << i << ": " << msg;
  }
  EXPECT_EQ(msg.find("'u20'"), std::string::npos);
  EXPECT_NE(msg.find("; and 5 more errors"), std::string::npos) << msg;

  // Misusing the kernel API names no emulator insides.
  answer = compile_reader("void kernel_main() {\n  cb_push_back(0);\n  noc_async_read(1, 2);\n  krt_thing();\n}\n");
  msg = msg_of(answer);
  EXPECT_NE(msg.find("reader.cpp:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("reader.cpp:3:"), std::string::npos) << msg;
  for (const char* internal : {"zyxtt", "krt::", "entry.h", "kernel-api"})
    EXPECT_EQ(msg.find(internal), std::string::npos) << internal << " in: " << msg;
}
