#include "device/emu/sched/scheduler.h"

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <fmt/format.h>

#include <condition_variable>
#include <mutex>
#include <unordered_map>
#include <thread>
#include <vector>

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
  std::atomic<uint64_t> empty_scan_at[kMaxThreads];
  std::atomic<bool> finished[kMaxThreads];
  std::atomic<bool> abort{false};
  std::mutex failure_mutex;
  std::optional<std::string> failure;
  uint32_t threads = 1;
  ControlBlock* control = nullptr;
  const std::vector<Fiber>* fibers = nullptr;

  Shared() {
    for (auto& e : empty_scan_at) e.store(~0ull);
    for (auto& f : finished) f.store(false);
  }

  // True when every thread either finished or found nothing to run in a scan
  // begun at progress value `at`, and nothing ran since.
  bool all_idle_at(uint64_t at) const {
    if (progress.load(std::memory_order_acquire) != at) return false;
    for (uint32_t t = 0; t < threads; ++t)
      if (!finished[t].load(std::memory_order_acquire) && empty_scan_at[t].load(std::memory_order_acquire) != at)
        return false;
    return progress.load(std::memory_order_acquire) == at;
  }

  void fail(std::string message) {
    std::lock_guard lock(failure_mutex);
    if (!failure) failure = std::move(message);
    abort = true;
  }
};

// Fiber stacks outlive runs: mapping, guarding, faulting in and unmapping
// hundreds of stacks on every run (with TLB shootdowns across threads) cost
// more than a grid of small kernels. Stacks keep their guard page; a reused
// stack is only dirty, never shared by two live fibers.
class StackPool {
 public:
  ctx::stack_context allocate(size_t bytes) {
    {
      std::lock_guard lock(mutex_);
      auto& list = free_[bytes];
      if (!list.empty()) {
        ctx::stack_context sc = list.back();
        list.pop_back();
        return sc;
      }
    }
    return ctx::protected_fixedsize_stack(bytes).allocate();
  }
  void deallocate(ctx::stack_context& sc, size_t bytes) {
    {
      std::lock_guard lock(mutex_);
      auto& list = free_[bytes];
      if (list.size() < kMaxPooled) {
        list.push_back(sc);
        return;
      }
    }
    ctx::protected_fixedsize_stack(bytes).deallocate(sc);
  }

 private:
  static constexpr size_t kMaxPooled = 1024;  // a wave of cores is at most a few hundred fibers
  std::mutex mutex_;
  std::unordered_map<size_t, std::vector<ctx::stack_context>> free_;
};

StackPool& stack_pool() {
  static StackPool* pool = new StackPool();  // never destroyed: fibers may unwind during exit
  return *pool;
}

// Boost.Context's StackAllocator concept over the pool.
struct PooledStack {
  size_t bytes;
  ctx::stack_context allocate() { return stack_pool().allocate(bytes); }
  void deallocate(ctx::stack_context& sc) { stack_pool().deallocate(sc, bytes); }
};

// Scheduler threads outlive runs: creating and joining a thread costs about
// 50 us here, more than a whole run of a small grid. Thread i > 0 of a run
// is helper i; the calling thread is thread 0.
class HelperThreads {
 public:
  // Starts job(i) on helpers 1..n-1; finish() waits for all of them.
  void start(uint32_t n, std::function<void(uint32_t)> job) {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    active_ = n;
    remaining_ = n - 1;
    while (spawned_ + 1 < n) {
      const uint32_t index = ++spawned_;
      std::thread([this, index, seen = generation_] { loop(index, seen); }).detach();
    }
    ++generation_;
    wake_.notify_all();
  }
  void finish() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return remaining_ == 0; });
  }

 private:
  void loop(uint32_t index, uint64_t seen) {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      if (index >= active_) continue;
      lock.unlock();
      job_(index);
      lock.lock();
      if (--remaining_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::function<void(uint32_t)> job_;
  uint64_t generation_ = 0;
  uint32_t active_ = 0, remaining_ = 0, spawned_ = 0;
};

HelperThreads& helper_threads() {
  static HelperThreads* threads = new HelperThreads();  // never destroyed: helpers block in it at exit
  return *threads;
}

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

// Deadlock rule: progress is counted BEFORE a fiber is resumed, and each
// thread publishes the progress value at which it began its latest scan that
// found nothing to run. When every thread has such a scan starting at the
// current value, no fiber has run since any of those scans began and every
// predicate was false when checked: nothing can ever change.
void run_thread(const std::vector<Fiber*>& mine, Shared& shared, uint32_t index) {
  t_thread_index = static_cast<int>(index);
  ThreadSlot* slot = shared.control ? &shared.control->threads[index] : nullptr;
  size_t live = mine.size();
  while (live > 0 && !shared.abort.load(std::memory_order_relaxed)) {
    const uint64_t before = shared.progress.load(std::memory_order_acquire);
    bool progressed = false;
    for (Fiber* f : mine) {
      if (f->done) continue;
      if (f->wait != nullptr && !f->wait->ready(f->task->instance, *f->wait)) continue;
      shared.progress.fetch_add(1, std::memory_order_acq_rel);
      f->wait = nullptr;
      t_current = f;
      t_current_instance = &f->task->instance;
      if (slot) {
        slot->core_x = static_cast<int32_t>(f->task->instance.core->x);
        slot->core_y = static_cast<int32_t>(f->task->instance.core->y);
        slot->role = static_cast<int32_t>(f->task->instance.role);
      }
      f->self = std::move(f->self).resume();
      if (slot) slot->role = -1;
      t_current = nullptr;
      t_current_instance = nullptr;
      progressed = true;
      if (f->done) --live;
      if (shared.abort.load(std::memory_order_relaxed)) break;
    }
    if (progressed) {
      if (shared.control) shared.control->progress.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    shared.empty_scan_at[index].store(before, std::memory_order_release);
    if (shared.all_idle_at(before)) {
      std::string report = "deadlock: no kernel can make progress;";
      for (const Fiber& f : *shared.fibers)
        if (!f.done && f.wait != nullptr) report += " " + describe_wait(f) + ";";
      report.pop_back();
      shared.fail(report);
      break;
    }
    std::this_thread::yield();
  }
  shared.finished[index].store(true, std::memory_order_release);
  t_thread_index = -1;
}

}  // namespace

RunState& run_state() { return g_run_state; }

int scheduler_thread_index() { return t_thread_index; }

thread_local KernelInstance* t_current_instance = nullptr;

void block_until(const Wait& wait) {
  Fiber* f = t_current;
  if (wait.ready(f->task->instance, wait)) return;
  f->wait = &wait;
  f->caller = std::move(f->caller).resume();
  // Resumed by the scheduler only once wait.ready() held.
}

void fail_run(const std::string& what) { throw RunFailure{where(current()) + ": " + what}; }

std::optional<std::string> run_tasks(std::vector<Task>& tasks, const SchedulerOptions& options) {
  Shared shared;
  shared.control = options.control;
  // Cores stay on one thread (their three instances share CB state without
  // locks), so more threads than cores would only idle.
  std::unordered_map<const CoreState*, size_t> core_order;
  for (const Task& t : tasks) core_order.emplace(t.instance.core, core_order.size());
  shared.threads = std::max<uint32_t>(
      1, std::min<uint32_t>({options.threads, static_cast<uint32_t>(core_order.size()), uint32_t(kMaxThreads)}));

  std::vector<Fiber> fibers(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i) {
    Fiber* f = &fibers[i];
    f->task = &tasks[i];
    f->self = ctx::fiber(std::allocator_arg, PooledStack{options.stack_bytes},
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
  // Cores are dealt round-robin so neighbours run in parallel.
  shared.fibers = &fibers;
  std::vector<std::vector<Fiber*>> per_thread(shared.threads);
  for (Fiber& f : fibers) per_thread[core_order.at(f.task->instance.core) % shared.threads].push_back(&f);
  // The calling thread takes the first share.
  if (shared.threads > 1) {
    helper_threads().start(shared.threads, [&](uint32_t t) { run_thread(per_thread[t], shared, t); });
  }
  run_thread(per_thread[0], shared, 0);
  if (shared.threads > 1) helper_threads().finish();
  // Fibers still suspended are unwound when `fibers` goes out of scope.
  return shared.failure;
}

}  // namespace zyxtt::emu
