#include "device/emu/sched/scheduler.h"

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <fmt/format.h>

#include <mutex>
#include <unordered_map>
#include <thread>

namespace zyxtt::emu {
namespace ctx = boost::context;

namespace {

// Thrown on a kernel's fiber by fail_run; caught at the fiber's base.
struct RunFailure {
  std::string message;
};

struct Fiber {
  Task* task = nullptr;
  ctx::fiber self;    // the kernel's continuation
  ctx::fiber caller;  // the scheduler's continuation while the kernel runs
  const Wait* wait = nullptr;
  bool done = false;
};

struct Shared {
  std::atomic<uint64_t> progress{0};
  std::atomic<uint32_t> stalled{0};
  std::atomic<bool> abort{false};
  std::mutex failure_mutex;
  std::optional<std::string> failure;
  uint32_t threads = 1;
  ControlBlock* control = nullptr;
  const std::vector<Fiber>* fibers = nullptr;

  void fail(std::string message) {
    std::lock_guard lock(failure_mutex);
    if (!failure) failure = std::move(message);
    abort = true;
  }
};

thread_local Fiber* t_current = nullptr;
thread_local int t_thread_index = -1;
RunState g_run_state;

std::string where(const KernelInstance& k) {
  return fmt::format("core (x={}, y={}) {}", k.core->x, k.core->y, role_name(k.role));
}

std::string describe_wait(const Fiber& f) {
  const KernelInstance& k = f.task->instance;
  std::string text = fmt::format("{} waits in {}", where(k), f.wait->call);
  if (f.wait->word != nullptr) {
    return text + fmt::format(" for the L1 word at 0x{:x} to {} {} (now {})",
                              static_cast<uint32_t>(reinterpret_cast<uintptr_t>(f.wait->word)),
                              f.wait->at_least ? "reach" : "equal", f.wait->value, *f.wait->word);
  }
  const CbState& cb = k.core->cbs[f.wait->cb];
  return text + fmt::format("(cb {}, {} pages): received {}, acked {}, {} pages in the ring", f.wait->cb,
                            f.wait->pages, cb.pages_received, cb.pages_acked, cb.num_pages);
}

void run_thread(std::vector<Fiber*> mine, Shared& shared, uint32_t index) {
  t_thread_index = static_cast<int>(index);
  ThreadSlot* slot = shared.control ? &shared.control->threads[index] : nullptr;
  size_t live = mine.size();
  bool stalled = false;
  uint64_t seen = 0;
  bool seen_valid = false;
  while (live > 0 && !shared.abort.load(std::memory_order_relaxed)) {
    const uint64_t before = shared.progress.load(std::memory_order_acquire);
    bool progressed = false;
    for (Fiber* f : mine) {
      if (f->done) continue;
      if (f->wait != nullptr && !f->wait->ready(f->task->instance, *f->wait)) continue;
      f->wait = nullptr;
      t_current = f;
      if (slot) {
        slot->core_x = static_cast<int32_t>(f->task->instance.core->x);
        slot->core_y = static_cast<int32_t>(f->task->instance.core->y);
        slot->role = static_cast<int32_t>(f->task->instance.role);
      }
      f->self = std::move(f->self).resume();
      if (slot) slot->role = -1;
      t_current = nullptr;
      progressed = true;
      if (f->done) --live;
      if (shared.abort.load(std::memory_order_relaxed)) break;
    }
    if (progressed) {
      shared.progress.fetch_add(1, std::memory_order_acq_rel);
      if (shared.control) shared.control->progress.fetch_add(1, std::memory_order_relaxed);
      if (stalled) {
        stalled = false;
        shared.stalled.fetch_sub(1);
      }
      seen_valid = false;
      continue;
    }
    if (!stalled) {
      stalled = true;
      shared.stalled.fetch_add(1);
    }
    // Two scans in a row found nothing, nobody anywhere progressed in between,
    // and every thread is stuck: nothing will ever change.
    if (shared.stalled.load() == shared.threads && seen_valid && seen == before &&
        shared.progress.load(std::memory_order_acquire) == before) {
      // Every thread is parked in its scan loop, so the waits are stable.
      std::string report = "deadlock: no kernel can make progress;";
      for (const Fiber& f : *shared.fibers)
        if (!f.done && f.wait != nullptr) report += " " + describe_wait(f) + ";";
      report.pop_back();
      shared.fail(report);
      break;
    }
    seen = before;
    seen_valid = true;
    std::this_thread::yield();
  }
  if (!stalled) shared.stalled.fetch_add(1);  // finished threads count as stuck for the others
  t_thread_index = -1;
}

}  // namespace

RunState& run_state() { return g_run_state; }

int scheduler_thread_index() { return t_thread_index; }

KernelInstance& current() { return t_current->task->instance; }

void block_until(const Wait& wait) {
  Fiber* f = t_current;
  if (wait.ready(f->task->instance, wait)) return;
  f->wait = &wait;
  f->caller = std::move(f->caller).resume();
  // Resumed by the scheduler only once wait.ready() held.
}

void fail_run(const std::string& what) { throw RunFailure{where(current()) + ": " + what}; }

const char* role_name(krt::Role role) {
  switch (role) {
    case krt::Role::kReader: return "reader";
    case krt::Role::kWriter: return "writer";
    case krt::Role::kCompute: return "compute";
  }
  return "kernel";
}

std::optional<std::string> run_tasks(std::vector<Task>& tasks, const SchedulerOptions& options) {
  Shared shared;
  shared.control = options.control;
  shared.threads = std::max<uint32_t>(1, std::min<uint32_t>(options.threads, static_cast<uint32_t>(tasks.size())));
  shared.threads = std::min<uint32_t>(shared.threads, kMaxThreads);

  std::vector<Fiber> fibers(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i) {
    Fiber* f = &fibers[i];
    f->task = &tasks[i];
    f->self = ctx::fiber(std::allocator_arg, ctx::protected_fixedsize_stack(options.stack_bytes),
                         [f, &shared](ctx::fiber&& caller) {
                           f->caller = std::move(caller);
                           try {
                             if (f->task->entry() != 0) {
                               fail_run("the source defines neither kernel_main() nor namespace NAMESPACE { void MAIN }");
                             }
                             if (f->task->on_exit) f->task->on_exit(f->task->instance);
                           } catch (const RunFailure& e) {
                             shared.fail(e.message);
                           } catch (const std::exception& e) {
                             shared.fail(where(f->task->instance) + ": the kernel threw " + e.what());
                           }
                           f->done = true;
                           return std::move(f->caller);
                         });
  }
  // Cores stay on one thread (their three instances share CB state without
  // locks); cores are dealt round-robin so neighbours run in parallel.
  shared.fibers = &fibers;
  std::vector<std::vector<Fiber*>> per_thread(shared.threads);
  std::unordered_map<const CoreState*, size_t> core_order;
  for (Fiber& f : fibers) {
    size_t ordinal = core_order.emplace(f.task->instance.core, core_order.size()).first->second;
    per_thread[ordinal % shared.threads].push_back(&f);
  }
  if (shared.threads == 1) {
    run_thread(per_thread[0], shared, 0);
  } else {
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < shared.threads; ++t)
      threads.emplace_back(run_thread, per_thread[t], std::ref(shared), t);
    for (auto& t : threads) t.join();
  }
  // Fibers still suspended are unwound when `fibers` goes out of scope.
  return shared.failure;
}

}  // namespace zyxtt::emu
