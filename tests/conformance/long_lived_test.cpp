// A long-lived runtime stays bounded: zyx keeps one runtime for its whole
// process and compiles a new program for every new kernel shape. The device
// worker unloads objects it no longer runs, so its mappings stop growing.
#include <dirent.h>

#include <fstream>
#include <sstream>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

// The runtime's device worker: its child process.
pid_t worker_of(pid_t runtime) {
  DIR* proc = opendir("/proc");
  pid_t found = -1;
  for (dirent* e; proc != nullptr && (e = readdir(proc)) != nullptr;) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;  // processes only
    std::ifstream stat(std::string("/proc/") + e->d_name + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == runtime) found = std::stoi(e->d_name);
  }
  if (proc != nullptr) closedir(proc);
  return found;
}

size_t mappings_of(pid_t pid) {
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  size_t n = 0;
  for (std::string line; std::getline(maps, line);) ++n;
  return n;
}

class LongLived : public RuntimeTest {
 protected:
  // Program `i`: a reader no other program has, so a new object each time,
  // compiled under one program id (each replaces the last, as zyx does).
  void compile_and_run(int i) {
    const Kernels k{"void kernel_main() { volatile uint32_t n = " + std::to_string(i) + "; (void)n; }\n",
                    "", "void kernel_main() {}\n"};
    ASSERT_EQ(raw(compile_command(7, k, {}), payload(k)), R"({"status":"ok"})") << i;
    ASSERT_EQ(raw(run_command(7, 1, 1, {}, {})), R"({"status":"ok"})") << i;
  }
};

TEST_F(LongLived, TheWorkersMappingsStopGrowingAcrossManyDistinctPrograms) {
  constexpr int kWarm = 80, kTotal = 180;  // the worker keeps 64 objects
  for (int i = 0; i < kWarm; ++i) ASSERT_NO_FATAL_FAILURE(compile_and_run(i));
  const pid_t worker = worker_of(runtime_->pid());
  ASSERT_GT(worker, 0);
  const size_t warm = mappings_of(worker);
  for (int i = kWarm; i < kTotal; ++i) ASSERT_NO_FATAL_FAILURE(compile_and_run(i));
  ASSERT_EQ(worker_of(runtime_->pid()), worker) << "the worker restarted";
  const size_t after = mappings_of(worker);
  // Kept loaded, each object costs about five mappings: 100 more objects
  // would add hundreds.
  EXPECT_LT(after, warm + 20) << "mappings after " << kWarm << " programs: " << warm << ", after " << kTotal
                              << ": " << after;
}

}  // namespace
