// The compiler's process runner with real programs.
#include <gtest/gtest.h>

#include <algorithm>
#include <sys/resource.h>

#include <filesystem>

#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "device/emu/jit/subprocess.h"

using namespace zyxtt::emu;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST(RunProcess, FeedsStdinHandsOutStderrAndReportsTheExitCode) {
  std::string err;
  ProcessResult r = run_process({"sh", "-c", "cat >&2; exit 3"}, "through stdin\n",
                                [&](std::string_view chunk) { err.append(chunk); });
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(err, "through stdin\n");
  EXPECT_FALSE(r.timed_out);
}

TEST(RunProcess, RunsInTheWorkingDirectoryItIsGiven) {
  const std::string dir = std::filesystem::canonical(std::filesystem::temp_directory_path()).string();
  std::string err;
  ProcessResult r = run_process({"sh", "-c", "pwd -P >&2"}, "", [&](std::string_view chunk) { err.append(chunk); },
                                {.working_dir = dir});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(err, dir + "\n");
  r = run_process({"sh", "-c", "true"}, "", [](std::string_view) {}, {.working_dir = "/no/such/folder"});
  EXPECT_EQ(r.exit_code, 127);
}

// Background compiles run niced; their guard does not, so that a busy
// machine cannot keep it from ending a compiler whose runtime is gone.
TEST(RunProcess, TheCompilerIsNicedAndItsGuardIsNot) {
  std::string err;
  ProcessResult r = run_process(
      {"sh", "-c", "echo $(cut -d' ' -f19 /proc/$$/stat) $(cut -d' ' -f19 /proc/$PPID/stat) >&2"},
      "", [&](std::string_view chunk) { err.append(chunk); }, {.nice = 7});
  EXPECT_EQ(r.exit_code, 0);
  const int base = getpriority(PRIO_PROCESS, 0);
  EXPECT_EQ(err, std::to_string(std::min(base + 7, 19)) + " " + std::to_string(base) + "\n");
}

TEST(RunProcess, ADaemonThatLeftTheCompilersGroupIsNotWaitedFor) {
  const auto start = std::chrono::steady_clock::now();
  ProcessResult r = run_process({"sh", "-c", "setsid sleep 4 </dev/null >/dev/null 2>&1 & sleep 0.3; echo started >&2"}, "",
                                [](std::string_view) {}, {.timeout = std::chrono::seconds(20)});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_FALSE(r.timed_out);
  EXPECT_LT(seconds_since(start), 3.0);
}

TEST(RunProcess, TheTimeLimitEndsTheWholeGroup) {
  const auto start = std::chrono::steady_clock::now();
  std::string err;
  ProcessResult r = run_process({"sh", "-c", "echo begun >&2; sleep 30 & sleep 30; echo never >&2"}, "",
                                [&](std::string_view chunk) { err.append(chunk); },
                                {.timeout = std::chrono::milliseconds(500)});
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(err, "begun\n");
  EXPECT_LT(seconds_since(start), 5.0);  // the backgrounded sleep holds stderr: it was killed too
}

// Compiles run side by side on the runtime's threads. A guard forked for one
// must not keep a copy of another's stdin: that compiler would then never see
// EOF until the first compile ends (and two such compiles wait for each
// other forever). B's input outlasts the pipe buffer, so its write end is
// still open when A's guard is forked; A runs until it is stopped.
TEST(RunProcess, AConcurrentCompileDoesNotHoldAnothersStdinOpen) {
  int stop[2];
  ASSERT_EQ(pipe(stop), 0);
  std::thread a([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    run_process({"sh", "-c", "sleep 60"}, "", [](std::string_view) {}, {.stop_fd = stop[0]});
  });
  const auto start = std::chrono::steady_clock::now();
  std::string err;
  ProcessResult b = run_process({"sh", "-c", "sleep 0.5; wc -c >&2"}, std::string(1 << 20, 'x'),
                                [&](std::string_view chunk) { err.append(chunk); });
  const double took = seconds_since(start);
  ASSERT_EQ(write(stop[1], "x", 1), 1);
  a.join();
  close(stop[0]);
  close(stop[1]);
  EXPECT_EQ(b.exit_code, 0);
  EXPECT_EQ(err, "1048576\n");
  EXPECT_LT(took, 30.0) << "B waited for A's guard to end";
}
