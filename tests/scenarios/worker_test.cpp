// The device worker's life: its memory bound, its place in the OOM killer's
// order, and what the runtime says when it dies (FaultTest's fixture: every
// test ends with the runtime still serving and the sentinel buffer intact).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "common/sanitizers.h"
#include "fault_fixture.h"

namespace zyxtt::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

// Field `index` (1-based, as proc(5) counts) of /proc/<pid>/stat.
std::string stat_field(pid_t pid, int index) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t comm_end = text.rfind(')');
  if (comm_end == std::string::npos) return {};
  std::istringstream rest(text.substr(comm_end + 2));  // field 3 onwards
  std::string field;
  for (int i = 3; i <= index && rest >> field;) ++i;
  return field;
}

// The device worker the runtime started (its child), if one runs.
std::optional<pid_t> worker_of(pid_t runtime) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (stat_field(pid, 4) != std::to_string(runtime)) continue;
    std::ifstream comm(entry.path() / "comm");
    std::string command;
    std::getline(comm, command);
    if (command.rfind("zyx-tt-device", 0) == 0) return pid;
  }
  return std::nullopt;
}

std::string read_proc(pid_t pid, const char* file) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/" + file);
  std::string line;
  std::getline(in, line);
  return line;
}

using WorkerTest = FaultTest;

// Allocates `bytes` with malloc and touches every page.
std::string allocating_reader(const char* bytes) {
  return std::string(R"(
#include <cstdlib>
#include <cstring>
volatile char g_sink;
void kernel_main() {
  const size_t bytes = )") + bytes + R"(;
  char* p = static_cast<char*>(std::malloc(bytes));
  std::memset(p, 1, bytes);
  asm volatile("" : : "r"(p) : "memory");  // the pages must really be touched
  g_sink = p[bytes / 2];
  std::free(p);
}
)";
}

TEST_F(WorkerTest, KernelBeyondTheWorkerMemoryLimitFailsItsRunAndTheWorkerRestarts) {
  if (kSanitizerReservesAddressSpace) GTEST_SKIP() << "sanitizer builds run the worker without its memory limit";
  restart({"--worker-memory", "512M"});
  ASSERT_EQ(compile_and_run({allocating_reader("size_t{64} << 20"), kEmpty, kEmpty}), R"({"status":"ok"})")
      << "64 MiB fit under the limit";
  const std::string answer = compile_and_run({allocating_reader("size_t{1} << 30"), kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "RESOURCE_EXHAUSTED") << answer;
  EXPECT_THAT(msg_of(answer),
              AllOf(HasSubstr("core (x=0, y=0) reader exceeded the device worker memory limit of 512 MiB"),
                    HasSubstr("--worker-memory 1G (ZYX_TT_WORKER_MEMORY=1G)"), HasSubstr("the device worker was restarted")));
  expect_still_serves();
}

TEST_F(WorkerTest, TheWorkerIsTheOomKillersFirstChoiceAndTheRuntimeIsNot) {
  expect_still_serves();  // the worker starts with the first run
  const std::optional<pid_t> worker = worker_of(runtime_->pid());
  ASSERT_TRUE(worker.has_value());
  EXPECT_EQ(read_proc(*worker, "oom_score_adj"), "1000");
  EXPECT_NE(read_proc(runtime_->pid(), "oom_score_adj"), "1000");
}

TEST_F(WorkerTest, DeathWhileLoadingKernelsSaysNoKernelWasRunning) {
  // The kernel object's static initializer aborts inside dlopen, before any kernel runs.
  const std::string answer = compile_and_run(
      {"#include <cstdlib>\nstatic int g_boom = (std::abort(), 0);\nvoid kernel_main() { (void)g_boom; }\n", kEmpty,
       kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer),
              AllOf(HasSubstr("the device worker died with signal 6 (SIGABRT, Aborted) while no kernel was running "
                              "(it was loading the run's kernel objects)"),
                    HasSubstr("restarted"), Not(HasSubstr("no kernel crashed"))));
  expect_still_serves();
}

TEST_F(WorkerTest, WorkerKilledBetweenRunsIsReplacedAndTheNextRunRuns) {
  restart({}, log_);
  expect_still_serves();
  const std::optional<pid_t> worker = worker_of(runtime_->pid());
  ASSERT_TRUE(worker.has_value());
  ASSERT_EQ(kill(*worker, SIGKILL), 0);
  // Dead once it is a zombie (the runtime reaps it only when it next looks).
  for (int i = 0; i < 500 && stat_field(*worker, 3) != "Z"; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  expect_still_serves();
  EXPECT_THAT(logged(), HasSubstr("the device worker died between runs with signal 9 (SIGKILL, Killed) while no "
                                  "kernel was running; starting a new one"));
}

// The sandbox: kernels cannot do what a Tensix core cannot.
TEST_F(WorkerTest, KernelThatForksFailsItsRunNamingTheCall) {
  const std::string answer = compile_and_run(
      {"#include <unistd.h>\nvoid kernel_main() { if (fork() == 0) _exit(0); }\n", kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) reader: kernel made a system call a device cannot "
                                              "make: fork"),
                                    HasSubstr("the device worker was restarted")));
  expect_still_serves();
}

TEST_F(WorkerTest, KernelThatExecsFailsItsRunNamingTheCall) {
  const std::string answer = compile_and_run(
      {kEmpty, "#include <unistd.h>\nvoid kernel_main() { execl(\"/bin/true\", \"true\", nullptr); }\n", kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("core (x=0, y=0) compute: kernel made a system call a device cannot make: "
                                        "execve"));
  expect_still_serves();
}

// Through /proc a kernel could write into the runtime's own stdout and forge answers.
TEST_F(WorkerTest, KernelCannotOpenTheRuntimesStdout) {
  const size_t skipped_before = runtime_->skipped_lines().size();
  const std::string answer = compile_and_run({kEmpty, kEmpty, R"(
#include <fcntl.h>
#include <string>
#include <unistd.h>
void kernel_main() {
  const std::string path = "/proc/" + std::to_string(getppid()) + "/fd/1";
  const int fd = open(path.c_str(), O_WRONLY);
  if (fd >= 0) {
    const char forged[] = "{\"status\":\"ok\"}\n# forged\n";
    [[maybe_unused]] ssize_t n = write(fd, forged, sizeof forged - 1);
  }
}
)"});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("core (x=0, y=0) writer: kernel made a system call a device cannot make: "
                                        "openat"));
  const auto& skipped = runtime_->skipped_lines();
  for (size_t i = skipped_before; i < skipped.size(); ++i)  // keep-alive lines may come, the forged one may not
    EXPECT_THAT(skipped[i].text, Not(HasSubstr("forged"))) << "a kernel wrote into the runtime's stdout";
  expect_still_serves();
}

// The worker's own descriptors (3: DRAM, 4: the link to the runtime, 5: the
// control block, 6: the shared regions, 7: L1): a kernel that writes a bogus
// frame length into the link, reads from it, closes it or maps a region fails
// its run naming the call, and the runtime keeps serving.
TEST_F(WorkerTest, KernelCannotUseTheWorkersOwnDescriptors) {
  const struct {
    const char* body;
    const char* role;
    const char* call;
  } cases[] = {
      {"const unsigned long long bogus = ~0ull; [[maybe_unused]] ssize_t n = write(4, &bogus, sizeof bogus);",
       "reader", "write"},
      {"char byte; [[maybe_unused]] ssize_t n = read(4, &byte, 1);", "compute", "read"},
      {"close(4);", "writer", "close"},
      {"dup2(2, 6);", "reader", "dup2"},
      {"[[maybe_unused]] void* p = mmap(nullptr, 4096, PROT_READ, MAP_SHARED, 3, 0);", "reader", "mmap"},
      {"close_range(3, ~0u, 0);", "compute", "close_range"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.body);
    const std::string kernel = std::string("#include <sys/mman.h>\n#include <unistd.h>\nvoid kernel_main() { ") +
                               c.body + " }\n";
    const std::string role = c.role;
    const std::string answer = compile_and_run({role == "reader" ? kernel : kEmpty, role == "compute" ? kernel : kEmpty,
                                                role == "writer" ? kernel : kEmpty});
    EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
    EXPECT_THAT(msg_of(answer), HasSubstr(std::string("core (x=0, y=0) ") + c.role +
                                          ": kernel made a system call a device cannot make: " + c.call +
                                          " on a descriptor of the device worker's own"));
    expect_still_serves();
  }
}

// A kernel that uses up every descriptor: the next run still loads its kernels.
TEST_F(WorkerTest, DescriptorsAKernelLeaksDoNotOutliveItsRun) {
  ASSERT_EQ(compile_and_run({"#include <unistd.h>\nvoid kernel_main() { while (dup(2) >= 0) {} }\n", kEmpty, kEmpty}),
            R"({"status":"ok"})");
  expect_still_serves();  // a program not loaded yet: dlopen needs a descriptor
}

// A kernel that leaves the worker unable to open anything: the next run of a
// program not loaded yet gets a new worker and runs.
TEST_F(WorkerTest, WorkerThatCanNoLongerLoadKernelsIsReplaced) {
  restart({}, log_);
  ASSERT_EQ(compile_and_run({R"(
#include <sys/resource.h>
void kernel_main() {
  const rlimit none{3, 3};  // below the worker's own descriptors: no new one can open
  setrlimit(RLIMIT_NOFILE, &none);
}
)",
                             kEmpty, kEmpty}),
            R"({"status":"ok"})");
  expect_still_serves();
  EXPECT_THAT(logged(), HasSubstr("the device worker could no longer load kernels; starting a new one and sending the "
                                  "run again"));
}

bool alive(pid_t pid) {
  const std::string state = stat_field(pid, 3);
  return !state.empty() && state != "Z";
}

// A runtime killed while a kernel spins takes its worker with it.
TEST_F(WorkerTest, NoWorkerOutlivesAKilledRuntime) {
  const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
  ASSERT_EQ(compile(7, {kEmpty, "void kernel_main() { for (;;) {} }\n", kEmpty}, cbs), R"({"status":"ok"})");
  const uint32_t srcs[] = {alloc(kBytes)}, dsts[] = {alloc(kBytes)};
  runtime_->send(run_command(7, 1, 1, srcs, dsts));
  std::optional<pid_t> worker;
  for (int i = 0; i < 1000 && !worker; ++i) {
    worker = worker_of(runtime_->pid());
    if (!worker) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_TRUE(worker.has_value());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // inside the endless kernel by now
  ASSERT_TRUE(alive(*worker));
  ASSERT_EQ(kill(runtime_->pid(), SIGKILL), 0);
  ASSERT_TRUE(runtime_->wait_exit(5000).has_value());
  for (int i = 0; i < 1000 && alive(*worker); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_FALSE(alive(*worker)) << "the device worker outlived its runtime";
  if (alive(*worker)) kill(*worker, SIGKILL);
  skip_sentinel_check_ = true;
  runtime_.reset();
}

}  // namespace
}  // namespace zyxtt::testing
