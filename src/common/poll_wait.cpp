#include "common/poll_wait.h"

#include <sched.h>

#include <atomic>

namespace zyxtt {
namespace {

using Clock = std::chrono::steady_clock;

// Until when spins are off: steady_clock ticks, shared by the process's threads.
std::atomic<Clock::rep> g_spins_off_until{0};
std::atomic<Clock::rep> g_last_late_yield{0};

}  // namespace

bool spinning_pays() {
  return Clock::now().time_since_epoch().count() >= g_spins_off_until.load(std::memory_order_relaxed);
}

bool yield_while_idle() {
  const auto before = Clock::now();
  sched_yield();
  const auto after = Clock::now();
  if (after - before <= kLateYield) return true;
  const Clock::rep now = after.time_since_epoch().count();
  const Clock::rep last = g_last_late_yield.exchange(now, std::memory_order_relaxed);
  const Clock::rep window = std::chrono::duration_cast<Clock::duration>(kLateYieldWindow).count();
  if (last != 0 && now - last <= window)
    g_spins_off_until.store((after + kSpinBackoff).time_since_epoch().count(), std::memory_order_relaxed);
  return false;
}

int poll_after_spin(pollfd* fds, nfds_t n, std::chrono::microseconds spin) {
  int ready = 0;
  if (spin_until(spin, [&] { return (ready = poll(fds, n, 0)) != 0; })) return ready;
  return poll(fds, n, -1);
}

}  // namespace zyxtt
