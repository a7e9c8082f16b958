// poll_after_spin: the same answer as a sleeping poll, whether the data is
// already there, arrives while it spins (then without sleeping), or only
// after it went to sleep. spin_until: a spin ends when the machine turns out
// busy, and spins stay off for a while after.
#include "common/poll_wait.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace zyxtt {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

class PollAfterSpin : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(pipe(fds_), 0); }
  void TearDown() override {
    close(fds_[0]);
    if (fds_[1] >= 0) close(fds_[1]);
  }
  // Polls the read end; returns poll's result and leaves revents in `p_`.
  int wait(microseconds spin) {
    p_ = pollfd{fds_[0], POLLIN, 0};
    return poll_after_spin(&p_, 1, spin);
  }
  void write_byte() { ASSERT_EQ(write(fds_[1], "x", 1), 1); }
  int fds_[2] = {-1, -1};
  pollfd p_{};
};

TEST_F(PollAfterSpin, DataAlreadyThereIsReportedWithOrWithoutSpinning) {
  write_byte();
  for (microseconds spin : {microseconds(0), microseconds(1000)}) {
    EXPECT_EQ(wait(spin), 1);
    EXPECT_TRUE(p_.revents & POLLIN);
  }
}

TEST_F(PollAfterSpin, DataArrivingAfterTheSpinWakesTheSleepingPoll) {
  std::thread writer([this] {
    std::this_thread::sleep_for(milliseconds(20));
    write_byte();
  });
  EXPECT_EQ(wait(microseconds(100)), 1);  // spins 0.1 ms, then sleeps until the byte
  EXPECT_TRUE(p_.revents & POLLIN);
  writer.join();
  char c = 0;
  EXPECT_EQ(read(fds_[0], &c, 1), 1);
  EXPECT_EQ(c, 'x');
}

// Voluntary context switches of the calling thread: each time it slept.
long sleeps() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return u.ru_nvcsw;
}

// The point of spinning: data that arrives within the spin is seen without
// the thread ever going to sleep (a wake-up costs tens of microseconds).
// A spin rightly ends when another task takes the CPU (spin_until), as
// under a parallel test run; so the spin must avoid the sleep in one of a
// few tries, each begun while spins pay.
TEST_F(PollAfterSpin, DataArrivingWhileSpinningIsSeenWithoutSleeping) {
  // A writer that waits 2 ms before writing: long enough that a plain poll
  // would have gone to sleep, far shorter than the spin.
  auto measure = [this](microseconds spin) {
    std::thread writer([this] {
      std::this_thread::sleep_for(milliseconds(2));
      write_byte();
    });
    const long before = sleeps();
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(wait(spin), 1);
    const auto waited = std::chrono::steady_clock::now() - t0;
    const long slept = sleeps() - before;
    EXPECT_TRUE(p_.revents & POLLIN);
    writer.join();
    char c = 0;
    EXPECT_EQ(read(fds_[0], &c, 1), 1);
    EXPECT_LT(waited, std::chrono::seconds(1)) << "returned on the byte, long before the spin ended";
    return slept;
  };
  long fewest = 1 << 30;
  for (int attempt = 0; attempt < 10 && fewest != 0; ++attempt) {
    while (!spinning_pays()) std::this_thread::sleep_for(milliseconds(10));
    fewest = std::min(fewest, measure(microseconds(2'000'000)));
  }
  EXPECT_EQ(fewest, 0) << "slept every time although the byte came within the spin";
  EXPECT_GE(measure(microseconds(0)), 1) << "without a spin the thread sleeps in poll (the measure works)";
}

TEST_F(PollAfterSpin, AClosedWriterIsReportedAsHangUp) {
  close(fds_[1]);
  fds_[1] = -1;
  EXPECT_EQ(wait(microseconds(500)), 1);
  EXPECT_TRUE(p_.revents & POLLHUP);
}

// Pins the calling thread to `cpu`; false when the machine does not let it.
bool pin_to(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0;
}

// A busy thread on the spinner's CPU: each yield hands the CPU over for a
// whole time slice. A spin must end at the first such yield, long before
// its 10 s; after two of them within kLateYieldWindow spins must not start
// until the backoff passed, and then they spin again.
TEST(SpinUntil, YieldsThatRanAnotherTaskEndTheSpinAndThenSpinsStayOffForTheBackoff) {
  const int cpu = sched_getcpu();
  ASSERT_GE(cpu, 0);
  if (!pin_to(cpu)) GTEST_SKIP() << "cannot pin threads to one CPU here";
  std::atomic<bool> started{false}, stop{false};
  std::thread busy([&] {
    if (pin_to(cpu)) started = true;
    while (!stop.load(std::memory_order_relaxed)) {
    }
  });
  while (!started) std::this_thread::yield();
  int spins = 0;
  for (; spins < 10 && spinning_pays(); ++spins) {
    const auto t0 = std::chrono::steady_clock::now();
    int checks = 0;
    EXPECT_FALSE(spin_until(std::chrono::seconds(10), [&] { return ++checks, false; }));
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5))
        << "the spin went on although another task wanted the CPU";
    EXPECT_GE(checks, 1);
  }
  EXPECT_GE(spins, 1);
  EXPECT_LE(spins, 2);
  // Within the backoff: no spin, not even one check; the caller sleeps.
  int later_checks = 0;
  EXPECT_FALSE(spin_until(std::chrono::seconds(1), [&] { return ++later_checks, true; }));
  EXPECT_EQ(later_checks, 0);
  stop = true;
  busy.join();
  std::this_thread::sleep_for(kSpinBackoff + milliseconds(50));
  EXPECT_TRUE(spinning_pays());
  EXPECT_TRUE(spin_until(std::chrono::seconds(1), [] { return true; }));
}

}  // namespace
}  // namespace zyxtt
