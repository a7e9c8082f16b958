// The fiber scheduler on its own (no kernels, no worker): cross-thread
// wake-ups must never look like a deadlock, and a real one must be named.
#include "device/emu/sched/scheduler.h"
#include "common/sanitizers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <thread>

namespace zyxtt::emu {
namespace {

constexpr uint32_t kRing = 16;
constexpr uint32_t kLaps = 200;
// Handed between host threads: atomic accesses, as the emulator's own L1
// word waits make (a plain volatile would be a data race under TSan).
std::array<uint32_t, kRing> g_tokens;
uint32_t load_token(const volatile uint32_t* word) {
  return std::atomic_ref<uint32_t>(*const_cast<uint32_t*>(word)).load(std::memory_order_acquire);
}

bool word_reached(const KernelInstance&, const Wait& w) { return load_token(w.word) >= w.value; }

void wait_for_token(uint32_t slot, uint32_t count) {
  Wait w;
  w.call = "wait_for_token";
  w.ready = word_reached;
  w.word = &g_tokens[slot];
  w.value = count;
  w.at_least = true;
  block_until(w);
}

// Core i takes the token from core i - 1 and hands it to core i + 1; a
// thread claims a new core whenever its own are all waiting, so hand-offs
// cross threads and the receiver is often mid-scan while the sender runs.
void pass_laps(uint32_t laps) {
  const uint32_t i = current().core->x;
  for (uint32_t lap = 1; lap <= laps; ++lap) {
    if (i != 0 || lap > 1) wait_for_token(i, i == 0 ? lap - 1 : lap);
    std::atomic_ref<uint32_t>(g_tokens[(i + 1) % kRing]).fetch_add(1, std::memory_order_release);
  }
}

int pass_token() {
  pass_laps(kLaps);
  return 0;
}

// A few laps of hand-offs across threads, then a wait for a token that never
// comes; notes when the last instance began that wait.
constexpr uint32_t kNever = 1000;
std::atomic<int64_t> g_last_block_ns{0};
int pass_then_wait_forever() {
  pass_laps(3);
  const int64_t now = std::chrono::steady_clock::now().time_since_epoch().count();
  for (int64_t seen = g_last_block_ns.load(); seen < now && !g_last_block_ns.compare_exchange_weak(seen, now);) {
  }
  wait_for_token(current().core->x, kNever);
  return 0;
}

int wait_forever() {
  wait_for_token(current().core->x, 1);
  return 0;
}

std::vector<Task> tasks_on_cores(std::deque<CoreState>& cores, uint32_t n, int (*entry)()) {
  std::vector<Task> tasks;
  for (uint32_t i = 0; i < n; ++i) {
    cores.emplace_back().x = i;
    Task t;
    t.instance.core = &cores.back();
    t.entry = entry;
    tasks.push_back(std::move(t));
  }
  return tasks;
}

TEST(Scheduler, CrossThreadHandOffsNeverLookLikeADeadlock) {
  for (auto& t : g_tokens) t = 0;
  std::deque<CoreState> cores;
  std::vector<Task> tasks = tasks_on_cores(cores, kRing, pass_token);
  SchedulerOptions options;
  options.threads = 2;
  const auto failure = run_tasks(tasks, options);
  ASSERT_FALSE(failure.has_value()) << *failure;
  // Every core received the token once per lap.
  for (uint32_t i = 0; i < kRing; ++i) EXPECT_EQ(g_tokens[i], kLaps) << "core " << i;
}

TEST(Scheduler, DeadlockOverTwoThreadsNamesEveryWaiter) {
  for (auto& t : g_tokens) t = 0;
  std::deque<CoreState> cores;
  std::vector<Task> tasks = tasks_on_cores(cores, 4, wait_forever);
  SchedulerOptions options;
  options.threads = 2;
  const auto failure = run_tasks(tasks, options);
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->find("deadlock: no kernel can make progress"), std::string::npos) << *failure;
  for (uint32_t x = 0; x < 4; ++x)
    EXPECT_NE(failure->find("core (x=" + std::to_string(x) + ", y=0) reader waits in wait_for_token"), std::string::npos)
        << *failure;
}

// Every core waits for ever after hand-offs that kept all threads busy. The
// rule is exact (no confirmation after a pause, as a rule built on counters
// read at different times needs), so each deadlock is reported as soon as
// the last thread parks: the median time from the last wait to the report is
// far under the 1 ms pause such a confirmation costs, and every report names
// every waiter.
// ThreadSanitizer slows every step about tenfold (a median of 0.2 to 0.5 ms
// on a loaded 2-CPU machine where a release build takes 0.03 ms): its bound
// stays under that 1 ms pause, so the test still tells the two rules apart.
#if defined(ZYXTT_TSAN)
constexpr double kReportBoundMs = 0.9;
#else
constexpr double kReportBoundMs = 0.5;
#endif
TEST(Scheduler, DeadlockAcrossThreadsIsReportedAtOnceWithEveryWaiter) {
  constexpr int kRuns = 200;
  std::vector<double> latency_ms;
  for (int run = 0; run < kRuns; ++run) {
    for (auto& t : g_tokens) t = 0;
    g_last_block_ns = 0;
    std::deque<CoreState> cores;
    std::vector<Task> tasks = tasks_on_cores(cores, kRing, pass_then_wait_forever);
    SchedulerOptions options;
    options.threads = 4;
    const auto failure = run_tasks(tasks, options);
    const int64_t reported = std::chrono::steady_clock::now().time_since_epoch().count();
    latency_ms.push_back(static_cast<double>(reported - g_last_block_ns.load()) / 1e6);
    ASSERT_TRUE(failure.has_value()) << "run " << run;
    for (uint32_t x = 0; x < kRing; ++x) {
      const std::string waiter = "core (x=" + std::to_string(x) + ", y=0) reader waits in wait_for_token for the L1 word";
      ASSERT_NE(failure->find(waiter), std::string::npos) << "run " << run << ": " << *failure;
    }
    ASSERT_NE(failure->find("to reach 1000 (now 3)"), std::string::npos) << *failure;
  }
  std::nth_element(latency_ms.begin(), latency_ms.begin() + kRuns / 2, latency_ms.end());
  const double median = latency_ms[kRuns / 2];
  std::printf("median %.3f ms from the last wait to the deadlock report\n", median);
  EXPECT_LT(median, kReportBoundMs);
}

// A run that fails unwinds the kernels still blocked in it, so their
// destructors run, and the fibers they blocked on serve the next run.
std::atomic<int> g_unwound{0};
struct CountsUnwinding {
  ~CountsUnwinding() { ++g_unwound; }
};
int hold_then_wait_forever() {
  CountsUnwinding guard;
  wait_for_token(current().core->x, kNever);
  return 0;
}

TEST(Scheduler, AFailedRunUnwindsItsBlockedKernelsAndTheNextRunWorks) {
  for (int threads : {1, 2}) {
    for (auto& t : g_tokens) t = 0;
    g_unwound = 0;
    std::deque<CoreState> cores;
    std::vector<Task> blocked = tasks_on_cores(cores, 6, hold_then_wait_forever);
    SchedulerOptions options;
    options.threads = static_cast<uint32_t>(threads);
    const auto failure = run_tasks(blocked, options);
    ASSERT_TRUE(failure.has_value());
    EXPECT_NE(failure->find("deadlock: no kernel can make progress"), std::string::npos) << *failure;
    EXPECT_EQ(g_unwound.load(), 6) << threads << " threads";
    std::vector<Task> passing = tasks_on_cores(cores, kRing, pass_token);
    const auto second = run_tasks(passing, options);
    ASSERT_FALSE(second.has_value()) << *second;
    for (uint32_t i = 0; i < kRing; ++i) EXPECT_EQ(g_tokens[i], kLaps) << "core " << i;
  }
}

// Three instances per core hand a token round their core, the way reader,
// compute and writer hand pages through CBs, and note the thread that runs
// them at every step.
constexpr uint32_t kCores = 24;
constexpr uint32_t kSteps = 30;
std::array<volatile uint32_t, kCores> g_core_tokens;
std::array<std::array<int, 3 * kSteps>, kCores> g_ran_on;

int pass_within_core() {
  const KernelInstance& k = current();
  const uint32_t core = k.core->x, role = static_cast<uint32_t>(k.role);
  for (uint32_t step = 0; step < kSteps; ++step) {
    Wait w;
    w.call = "pass_within_core";
    w.ready = word_reached;
    w.word = &g_core_tokens[core];
    w.value = step * 3 + role;
    w.at_least = true;
    block_until(w);
    g_ran_on[core][step * 3 + role] = scheduler_thread_index();
    g_core_tokens[core] = g_core_tokens[core] + 1;
  }
  return 0;
}

// kCores cores, each with reader, writer and compute passing tokens within it.
std::vector<Task> tasks_passing_within_cores(std::deque<CoreState>& cores) {
  for (auto& t : g_core_tokens) t = 0;
  std::vector<Task> tasks;
  for (uint32_t i = 0; i < kCores; ++i) {
    cores.emplace_back().x = i;
    for (uint32_t r = 0; r < 3; ++r) {
      Task t;
      t.instance.core = &cores.back();
      t.instance.role = static_cast<krt::Role>(r);
      t.entry = pass_within_core;
      tasks.push_back(std::move(t));
    }
  }
  return tasks;
}

TEST(Scheduler, AllInstancesOfACoreRunOnOneThread) {
  std::deque<CoreState> cores;
  std::vector<Task> tasks = tasks_passing_within_cores(cores);
  SchedulerOptions options;
  options.threads = 2;
  const auto failure = run_tasks(tasks, options);
  ASSERT_FALSE(failure.has_value()) << *failure;
  for (uint32_t c = 0; c < kCores; ++c) {
    EXPECT_EQ(g_core_tokens[c], 3 * kSteps) << "core " << c;
    for (int t : g_ran_on[c]) {
      EXPECT_TRUE(t == 0 || t == 1) << "core " << c << " ran on thread " << t;
      EXPECT_EQ(t, g_ran_on[c][0]) << "core " << c << " moved between threads";
    }
  }
}

// A core's kernels that return at once run back to back on one carrier
// without going back to the scheduler: each must still be the current
// instance and stand in its thread's crash-report slot, and one that blocks
// after such a chain must wait and resume like any other.
ControlBlock g_control;
std::atomic<int> g_misplaced{0};
int chain_step() {
  const KernelInstance& k = current();
  const ThreadSlot& slot = g_control.threads[scheduler_thread_index()];
  if (slot.role.load() != static_cast<int32_t>(k.role) || slot.core_x.load() != static_cast<int32_t>(k.core->x))
    ++g_misplaced;
  const uint32_t core = k.core->x;
  switch (k.role) {
    case krt::Role::kReader: break;                          // returns at once
    case krt::Role::kWriter: wait_for_token(core, 1); break;  // chained, then blocks
    case krt::Role::kCompute: std::atomic_ref<uint32_t>(g_tokens[core]).fetch_add(1); break;
  }
  if (slot.role.load() != static_cast<int32_t>(k.role)) ++g_misplaced;
  return 0;
}

TEST(Scheduler, KernelsRunBackToBackOnACoreEachStayTheCurrentInstance) {
  for (uint32_t threads : {1u, 2u}) {
    for (auto& t : g_tokens) t = 0;
    g_misplaced = 0;
    std::deque<CoreState> cores;
    std::vector<Task> tasks;
    for (uint32_t i = 0; i < kRing; ++i) {
      cores.emplace_back().x = i;
      for (uint32_t r = 0; r < 3; ++r) {
        Task& t = tasks.emplace_back();
        t.instance.core = &cores.back();
        t.instance.role = static_cast<krt::Role>(r);
        t.entry = chain_step;
      }
    }
    SchedulerOptions options;
    options.threads = threads;
    options.control = &g_control;
    const auto failure = run_tasks(tasks, options);
    ASSERT_FALSE(failure.has_value()) << *failure;
    EXPECT_EQ(g_misplaced.load(), 0) << threads << " threads";
    for (uint32_t i = 0; i < kRing; ++i) EXPECT_EQ(g_tokens[i], 1u) << "core " << i;
  }
}

// Helpers that wait awake between runs (helper_spin) join back-to-back runs
// at once: every run of a grid must still end with each core's instances on
// one thread and every hand-off made, with runs that find the helper awake,
// asleep, or too late to join.
TEST(Scheduler, HelpersAwakeBetweenRunsJoinTheNextRunCorrectly) {
  for (int run = 0; run < 20; ++run) {
    std::deque<CoreState> cores;
    std::vector<Task> tasks = tasks_passing_within_cores(cores);
    SchedulerOptions options;
    options.threads = 2;
    options.helper_spin = std::chrono::microseconds(run % 4 == 3 ? 0 : 2000);
    if (run % 5 == 4) std::this_thread::sleep_for(std::chrono::milliseconds(3));  // past the spin: asleep
    const auto failure = run_tasks(tasks, options);
    ASSERT_FALSE(failure.has_value()) << *failure;
    for (uint32_t c = 0; c < kCores; ++c) {
      EXPECT_EQ(g_core_tokens[c], 3 * kSteps) << "run " << run << ", core " << c;
      for (int t : g_ran_on[c]) EXPECT_EQ(t, g_ran_on[c][0]) << "run " << run << ", core " << c << " moved";
    }
  }
}

}  // namespace
}  // namespace zyxtt::emu
