// Runs kernel instances as user-space fibers on a few worker threads. A
// blocking kernel call yields its fiber; when nothing anywhere can run while
// instances remain, the run fails at once with a report of every waiter.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "device/emu/run_context.h"

namespace zyxtt::emu {

// Where each worker thread is, readable from another process after a crash,
// and its progress count (progress.h). Only the owning thread writes a slot,
// and each slot has its own cache line.
struct alignas(64) ThreadSlot {
  std::atomic<uint64_t> progress{0};
  std::atomic<int32_t> core_x{-1};
  std::atomic<int32_t> core_y{-1};
  std::atomic<int32_t> role{-1};  // -1: not inside a kernel
  std::atomic<uint32_t> waypoint{0};  // that kernel's last WAYPOINT (KernelInstance::waypoint)
};

inline constexpr int kMaxThreads = 64;

// What the device worker is doing, for reports of a worker that died.
enum class WorkerPhase : int32_t { kIdle = 0, kLoading = 1, kRunning = 2 };

// Shared with the server through a memfd: progress for the watchdog and the
// whereabouts of every thread for crash reports.
struct ControlBlock {
  std::atomic<int32_t> crashed_thread{-1};
  std::atomic<int32_t> crash_signal{0};
  std::atomic<uint64_t> crash_address{0};  // what a SIGSEGV / SIGBUS touched
  std::atomic<int32_t> phase{0};  // WorkerPhase
  std::atomic<int32_t> denied_call{-1};  // system call the sandbox refused (worker/sandbox.h)
  ThreadSlot threads[kMaxThreads];
  // Frames written on the worker link, each way (worker/frame_io.h FrameCount).
  alignas(64) std::atomic<uint64_t> frames_to_worker{0};  // options and jobs
  alignas(64) std::atomic<uint64_t> frames_from_worker{0};  // outcomes

  // The sum of monotonic per-thread counters: equal sums mean nothing moved.
  uint64_t progress() const {
    uint64_t sum = 0;
    for (const ThreadSlot& t : threads) sum += t.progress.load(std::memory_order_relaxed);
    return sum;
  }
};

struct Task {
  KernelInstance instance;
  int (*entry)() = nullptr;
  // Called on the instance's fiber after its kernel returned normally; may
  // call fail_run (e.g. NOC transactions left without a barrier).
  void (*on_exit)(KernelInstance&) = nullptr;
};

struct SchedulerOptions {
  uint32_t threads = 1;
  size_t stack_bytes = 256 * 1024;
  ControlBlock* control = nullptr;  // may be null
  // The chip's cluster (interconnect.h), when it has other chips: kernels
  // that all wait are then a deadlock only once no chip can move either.
  const LinkedChips* linked = nullptr;
  // How long helper threads wait awake for the next run before they sleep.
  std::chrono::microseconds helper_spin{0};
};

// Index of the calling scheduler thread (its ThreadSlot), or -1; safe to read
// from a signal handler.
int scheduler_thread_index();

// Runs every task to completion. Returns the error text of the first
// failure (already naming core and role), or nullopt when all finished.
std::optional<std::string> run_tasks(std::span<Task> tasks, const SchedulerOptions& options);

}  // namespace zyxtt::emu
