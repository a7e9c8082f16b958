#include "device/emu/sched/scheduler.h"

#include "device/emu/sched/progress.h"

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

// Progress counters of a run with no control block (unit tests).
struct alignas(64) LocalProgress {
  std::atomic<uint64_t> count{0};
};

// One core's fibers: [begin, end) of Shared::order.
struct CoreRange {
  size_t begin, end;
};

struct Shared {
  LocalProgress local_progress[kMaxThreads];
  std::atomic<bool> abort{false};
  std::mutex failure_mutex;
  std::optional<std::string> failure;
  uint32_t threads = 1;
  ControlBlock* control = nullptr;
  const std::vector<Fiber>* fibers = nullptr;
  std::vector<Fiber*> order;      // fibers grouped by core
  std::vector<CoreRange> cores;   // claimed in this order, one thread per core
  std::atomic<size_t> next_core{0};
  size_t stack_bytes = 0;

  // Deadlock rule, decided under park_mutex: a thread with nothing to run and
  // nothing to claim parks; a parked thread runs no fiber until it unparks
  // under the same lock. When every thread still in the run is parked, no
  // fiber runs or can start running, so the state is frozen: if no
  // unfinished fiber's wait is then satisfied, nothing can ever change. The
  // thread that completes the set (by parking or by leaving) decides; the
  // lock orders every fiber's effects before the decision, so the rule is
  // exact with any number of threads and needs no confirmation.
  std::mutex park_mutex;
  uint32_t active = 0;  // threads in run_thread
  uint32_t parked = 0;

  void fail(std::string message) {
    std::lock_guard lock(failure_mutex);
    if (!failure) failure = std::move(message);
    abort = true;
  }
};

// Fiber stacks outlive runs: mapping, guarding, faulting in and unmapping
// hundreds of stacks on every run (with TLB shootdowns across threads) cost
// more than a grid of small kernels. Stacks keep their guard page; a reused
// stack is only dirty, never shared by two live fibers. A finished fiber's
// stack goes to its thread's own list (no lock per fiber); each scheduler
// thread hands its list back once per run (give_back).
class StackPool {
 public:
  ctx::stack_context allocate(size_t bytes) {
    if (auto sc = take(local(), bytes)) return *sc;
    {
      std::lock_guard lock(mutex_);
      if (auto sc = take(free_, bytes)) return *sc;
    }
    return ctx::protected_fixedsize_stack(bytes).allocate();
  }
  void deallocate(ctx::stack_context& sc, size_t bytes) {
    auto& mine = local();
    if (mine.size() < kMaxPooled) {
      mine.push_back({sc, bytes});
      return;
    }
    ctx::protected_fixedsize_stack(bytes).deallocate(sc);
  }
  void give_back() {
    auto& mine = local();
    if (mine.empty()) return;
    std::lock_guard lock(mutex_);
    for (const Entry& e : mine) {
      if (free_.size() < kMaxPooled) free_.push_back(e);
      else {
        ctx::stack_context sc = e.sc;
        ctx::protected_fixedsize_stack(e.bytes).deallocate(sc);
      }
    }
    mine.clear();
  }

 private:
  struct Entry {
    ctx::stack_context sc;
    size_t bytes;
  };
  static std::optional<ctx::stack_context> take(std::vector<Entry>& list, size_t bytes) {
    for (size_t i = list.size(); i-- > 0;) {
      if (list[i].bytes != bytes) continue;
      const ctx::stack_context sc = list[i].sc;
      list[i] = list.back();
      list.pop_back();
      return sc;
    }
    return std::nullopt;
  }
  static std::vector<Entry>& local() {
    thread_local auto* list = new std::vector<Entry>();  // leaked, as the pool
    return *list;
  }

  static constexpr size_t kMaxPooled = 1024;  // a wave of cores is at most a few hundred fibers
  std::mutex mutex_;
  std::vector<Entry> free_;
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
// is helper i; the calling thread is thread 0. Waking a sleeping helper takes
// tens of microseconds on a VM, so a run does not wait for helpers to wake:
// a helper joins only while the run is still open, and finish() closes it
// and waits just for those that joined.
class HelperThreads {
 public:
  // Offers job(i) to helpers 1..n-1 until finish().
  void start(uint32_t n, std::function<void(uint32_t)> job) {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    active_ = n;
    open_ = true;
    while (spawned_ + 1 < n) {
      const uint32_t index = ++spawned_;
      std::thread([this, index, seen = generation_] { loop(index, seen); }).detach();
    }
    ++generation_;
    wake_.notify_all();
  }
  void finish() {
    std::unique_lock lock(mutex_);
    open_ = false;
    done_.wait(lock, [&] { return joined_ == 0; });
  }

 private:
  void loop(uint32_t index, uint64_t seen) {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      if (!open_ || index >= active_) continue;
      ++joined_;
      lock.unlock();
      job_(index);
      lock.lock();
      if (--joined_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::function<void(uint32_t)> job_;
  uint64_t generation_ = 0;
  uint32_t active_ = 0, joined_ = 0, spawned_ = 0;
  bool open_ = false;
};

HelperThreads& helper_threads() {
  static HelperThreads* threads = new HelperThreads();  // never destroyed: helpers block in it at exit
  return *threads;
}

// Initial-exec: see t_current_instance.
__attribute__((tls_model("initial-exec"))) constinit thread_local Fiber* t_current = nullptr;
__attribute__((tls_model("initial-exec"))) constinit thread_local int t_thread_index = -1;

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

// Gives `f` its continuation; the fiber's stack comes from the claiming
// thread's pool.
void make_fiber(Fiber* f, Shared& shared) {
  f->self = ctx::fiber(std::allocator_arg, PooledStack{shared.stack_bytes}, [f, &shared](ctx::fiber&& caller) {
    f->caller = std::move(caller);
    try {
      if (f->task->entry() != 0) {
        fail_run("the source defines neither kernel_main() nor namespace NAMESPACE { void MAIN }");
      }
      if (f->task->on_exit) f->task->on_exit(f->task->instance);
      count_progress();
    } catch (const RunFailure& e) {
      shared.fail(e.message);
    } catch (const std::exception& e) {
      shared.fail(where(f->task->instance) + ": the kernel threw " + e.what());
    }
    f->done = true;
    return std::move(f->caller);
  });
}

bool runnable(const Fiber& f) { return !f.done && (f.wait == nullptr || f.wait->ready(f.task->instance, *f.wait)); }

// Called under park_mutex when every thread still in the run is parked:
// fails the run when no fiber can run (Shared's deadlock rule).
void decide_locked(Shared& shared) {
  for (const Fiber& f : *shared.fibers)
    if (runnable(f)) return;  // its parked owner will find it
  std::string report = "deadlock: no kernel can make progress;";
  for (const Fiber& f : *shared.fibers)
    if (!f.done && f.wait != nullptr) report += " " + describe_wait(f) + ";";
  report.pop_back();
  shared.fail(report);
}

// Parks the calling thread until one of its fibers can run (true) or the run
// ended (false).
bool park(Shared& shared, const std::vector<CoreRange>& mine) {
  {
    std::lock_guard lock(shared.park_mutex);
    ++shared.parked;
    if (shared.parked == shared.active) decide_locked(shared);
  }
  for (;;) {
    bool ready = false;
    for (const CoreRange& core : mine)
      for (size_t i = core.begin; i < core.end && !ready; ++i) ready = runnable(*shared.order[i]);
    if (ready || shared.abort.load(std::memory_order_relaxed)) {
      std::lock_guard lock(shared.park_mutex);
      --shared.parked;
      return !shared.abort.load(std::memory_order_relaxed);
    }
    std::this_thread::yield();
  }
}

// Cores are claimed, not dealt: a thread takes the next unclaimed core
// whenever none of its own can run, so a core runs to its end on one thread
// (its three instances share CB state without locks) and a helper that
// wakes late simply finds less left to claim. A thread with nothing to run
// or claim parks (Shared's deadlock rule).
//
// A core's fibers run back to back while any of them can: its CBs, DST and
// L1 pages stay in the host's caches instead of cycling through the grid's.
void run_thread(Shared& shared, uint32_t index) {
  t_thread_index = static_cast<int>(index);
  ThreadSlot* slot = shared.control ? &shared.control->threads[index] : nullptr;
  t_progress = slot ? &slot->progress : &shared.local_progress[index].count;
  {
    std::lock_guard lock(shared.park_mutex);
    ++shared.active;
  }
  std::vector<CoreRange> mine;
  auto resume = [&](Fiber* f) {
    f->wait = nullptr;
    t_current = f;
    t_current_instance = &f->task->instance;
    // Relaxed: read only after this process died, or by its own crash handler.
    if (slot) {
      slot->core_x.store(static_cast<int32_t>(f->task->instance.core->x), std::memory_order_relaxed);
      slot->core_y.store(static_cast<int32_t>(f->task->instance.core->y), std::memory_order_relaxed);
      slot->role.store(static_cast<int32_t>(f->task->instance.role), std::memory_order_relaxed);
    }
    f->self = std::move(f->self).resume();
    if (slot) slot->role.store(-1, std::memory_order_relaxed);
    t_current = nullptr;
    t_current_instance = nullptr;
  };
  // Claims the next core: its fibers become this thread's. False when none is left.
  auto claim = [&]() {
    if (shared.next_core.load(std::memory_order_relaxed) >= shared.cores.size()) return false;
    const size_t c = shared.next_core.fetch_add(1);
    if (c >= shared.cores.size()) return false;
    for (size_t i = shared.cores[c].begin; i < shared.cores[c].end; ++i) make_fiber(shared.order[i], shared);
    mine.push_back(shared.cores[c]);
    return true;
  };
  size_t live = 0;  // unfinished fibers of claimed cores
  while (!shared.abort.load(std::memory_order_relaxed)) {
    bool progressed = false;
    for (const CoreRange& core : mine) {
      for (bool again = true; again && !shared.abort.load(std::memory_order_relaxed);) {
        again = false;
        for (size_t i = core.begin; i < core.end; ++i) {
          Fiber* f = shared.order[i];
          if (f->done) continue;
          if (f->wait != nullptr && !f->wait->ready(f->task->instance, *f->wait)) continue;
          resume(f);
          again = progressed = true;
          if (f->done) --live;
        }
      }
    }
    // Finished cores leave the scan.
    std::erase_if(mine, [&](const CoreRange& core) {
      for (size_t i = core.begin; i < core.end; ++i)
        if (!shared.order[i]->done) return false;
      return true;
    });
    if (progressed) continue;
    if (claim()) {
      live += mine.back().end - mine.back().begin;
      continue;
    }
    if (live == 0 || !park(shared, mine)) break;
  }
  {
    std::lock_guard lock(shared.park_mutex);
    --shared.active;
    if (shared.active > 0 && shared.parked == shared.active && !shared.abort.load()) decide_locked(shared);
  }
  if (index != 0) stack_pool().give_back();  // thread 0 allocates the next run's stacks itself
  stop_counting_progress();
  t_thread_index = -1;
}

}  // namespace

int scheduler_thread_index() { return t_thread_index; }

constinit thread_local KernelInstance* t_current_instance = nullptr;

void block_until(const Wait& wait) {
  Fiber* f = t_current;
  if (wait.ready(f->task->instance, wait)) return;
  f->wait = &wait;
  f->caller = std::move(f->caller).resume();
  // Resumed by the scheduler only once wait.ready() held: something moved.
  count_progress();
}

void fail_run(const std::string& what) { throw RunFailure{where(current()) + ": " + what}; }

std::optional<std::string> run_tasks(std::vector<Task>& tasks, const SchedulerOptions& options) {
  Shared shared;
  shared.control = options.control;
  shared.stack_bytes = options.stack_bytes;
  std::vector<Fiber> fibers(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i) fibers[i].task = &tasks[i];
  shared.fibers = &fibers;
  // Group the fibers by core, cores in order of first appearance.
  std::unordered_map<const CoreState*, size_t> core_index;
  for (const Task& t : tasks) core_index.emplace(t.instance.core, core_index.size());
  std::vector<size_t> counts(core_index.size() + 1, 0);
  for (const Task& t : tasks) ++counts[core_index.at(t.instance.core) + 1];
  shared.cores.resize(core_index.size());
  for (size_t c = 0; c < shared.cores.size(); ++c) {
    counts[c + 1] += counts[c];
    shared.cores[c] = {counts[c], counts[c + 1]};
  }
  shared.order.resize(fibers.size());
  for (Fiber& f : fibers) shared.order[counts[core_index.at(f.task->instance.core)]++] = &f;
  // More threads than cores would only idle.
  shared.threads = std::max<uint32_t>(
      1, std::min<uint32_t>({options.threads, static_cast<uint32_t>(shared.cores.size()), uint32_t(kMaxThreads)}));
  if (shared.threads > 1) helper_threads().start(shared.threads, [&](uint32_t t) { run_thread(shared, t); });
  run_thread(shared, 0);
  if (shared.threads > 1) helper_threads().finish();
  // Fibers still suspended are unwound when `fibers` goes out of scope.
  return shared.failure;
}

}  // namespace zyxtt::emu
