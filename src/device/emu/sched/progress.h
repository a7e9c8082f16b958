// Progress for the run watchdog. Every CB page moved, NOC transaction issued,
// DST section handed over, wait satisfied and kernel return counts one on the
// calling host thread's own counter; the runtime sums the counters of all
// threads (they live in the control block it maps) and ends a run only when
// the sum stood still for --run-timeout.
#pragma once

#include <atomic>
#include <cstdint>

namespace zyxtt::emu {

// The calling scheduler thread's counter; outside a run a shared sink.
extern constinit thread_local std::atomic<uint64_t>* t_progress __attribute__((tls_model("initial-exec")));

// A plain load and store (no locked instruction) on a cache line only this
// thread writes: cheap enough for every NOC call.
// Points t_progress back at the sink (a scheduler thread leaving a run).
void stop_counting_progress();

inline void count_progress() {
  std::atomic<uint64_t>& c = *t_progress;
  c.store(c.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

}  // namespace zyxtt::emu
