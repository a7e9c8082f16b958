#include "device/emu/sched/scheduler.h"

#include "common/poll_wait.h"
#include "device/emu/l1_window.h"
#include "device/emu/sched/fiber_sanitizer.h"
#include "device/emu/sched/progress.h"

#include <boost/context/fiber.hpp>
#include <boost/context/preallocated.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <thread>
#include <utility>
#include <vector>

namespace zyxtt::emu {
namespace ctx = boost::context;

namespace {

// Thrown on a kernel's fiber by fail_run; caught at the fiber's base.
struct RunFailure {
  std::string message;
};

// Thrown on a blocked kernel's fiber when its run ended without it: unwinds
// the kernel's frames so that its carrier can run other tasks.
struct Unwind {};

struct Shared;
struct Carrier;

// A task of this run. A line each: neighbouring cores usually run on
// different threads, and a fiber's fields are written on every switch.
struct alignas(64) Fiber {
  Task* task = nullptr;
  Carrier* carrier = nullptr;  // from its first resume until it finished or unwound
  const Wait* wait = nullptr;
  Fiber* next_in_core = nullptr;  // the core's next fiber in scan order
  size_t rank = 0;                // its core's place in Shared::cores
  bool done = false;
  bool yielded = false;  // gave way without waiting (yield_now): the core's other fibers go first
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
  // The rank of the core whose failure is kept: the lowest that failed. After
  // a failure, cores ranked below it still run (until they finish, fail or
  // wait), so the error names the same core whatever the threads' timing.
  std::atomic<size_t> failed_rank{SIZE_MAX};
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
  // A chip of a cluster: all its kernels waiting may be waiting for another
  // chip, so the decision moves to the whole cluster (decide_linked).
  const LinkedChips* linked = nullptr;
  std::chrono::steady_clock::time_point quiet_since;

  void fail(std::string message, size_t rank) {
    std::lock_guard lock(failure_mutex);
    if (!failure || rank < failed_rank.load(std::memory_order_relaxed)) {
      failure = std::move(message);
      failed_rank.store(rank, std::memory_order_relaxed);
    }
    abort = true;
  }
  // Whether the core of rank `rank` stops: a failure at or below it.
  bool stopped(size_t rank) const {
    return abort.load(std::memory_order_relaxed) && rank >= failed_rank.load(std::memory_order_relaxed);
  }
};

// Runs tasks one after another on one fiber: a kernel that returns leaves
// its carrier free for the next task. Carriers outlive runs (each scheduler
// thread keeps its idle ones), so a run of small kernels creates no fiber
// and maps no stack: creating a fiber, mapping, guarding, faulting in and
// unmapping its stack cost more than a grid of such kernels. A stack keeps
// its guard page; a reused one is only dirty, never shared by two live tasks.
struct Carrier {
  explicit Carrier(size_t stack_bytes)
      : bytes(stack_bytes),
        stack(ctx::protected_fixedsize_stack(bytes).allocate()),
        san(static_cast<char*>(stack.sp) - stack.size, stack.size) {
    san.creating();
    self = ctx::fiber(std::allocator_arg, ctx::preallocated(stack.sp, stack.size, stack), KeepStack{},
                      [this](ctx::fiber&& from) { return loop(std::move(from)); });
    san.created();
  }
  // Only an idle carrier is destroyed: its loop ends and the stack goes.
  ~Carrier() {
    job = nullptr;
    san.enter();
    self = std::move(self).resume();
    san.returned();
    FiberSanitizer::forget_stack(static_cast<char*>(stack.sp) - stack.size, stack.size);
    ctx::protected_fixedsize_stack(bytes).deallocate(stack);
  }
  Carrier(const Carrier&) = delete;
  Carrier& operator=(const Carrier&) = delete;

  // On the carrier: back to the scheduler until it resumes this carrier.
  void switch_out() {
    san.leave(false);
    caller = std::move(caller).resume();
    san.arrived();
  }

  const size_t bytes;
  ctx::stack_context stack;
  FiberSanitizer san;
  ctx::fiber self;       // the carrier's continuation while it is switched out
  ctx::fiber caller;     // the scheduler's while the carrier runs
  Fiber* job = nullptr;  // the task it runs; none: the loop ends
  Shared* shared = nullptr;
  uint32_t finished = 0;  // tasks that returned since the scheduler last resumed it
  bool unwind = false;  // the run ended without the task: block_until throws Unwind

 private:
  // The stack belongs to the carrier, not to Boost's fiber record.
  struct KeepStack {
    ctx::stack_context allocate() { return {}; }
    void deallocate(ctx::stack_context&) {}
  };
  ctx::fiber loop(ctx::fiber&& from);
};

// The calling scheduler thread's idle carriers.
class Carriers {
 public:
  ~Carriers() {
    for (Carrier* c : idle_) delete c;
  }
  Carrier* take(size_t bytes) {
    for (size_t i = idle_.size(); i-- > 0;) {
      if (idle_[i]->bytes != bytes) continue;
      Carrier* c = idle_[i];
      idle_[i] = idle_.back();
      idle_.pop_back();
      return c;
    }
    return new Carrier(bytes);
  }
  void put(Carrier* c) {
    c->job = nullptr;
    c->shared = nullptr;
    c->unwind = false;
    if (idle_.size() < kMaxIdle) idle_.push_back(c);
    else delete c;
  }

 private:
  static constexpr size_t kMaxIdle = 1024;  // a wave of cores is at most a few hundred tasks
  std::vector<Carrier*> idle_;
};

thread_local Carriers t_carriers;

// Scheduler threads outlive runs: creating and joining a thread costs about
// 50 us here, more than a whole run of a small grid. Thread i > 0 of a run
// is helper i; the calling thread is thread 0. Waking a sleeping helper takes
// tens of microseconds on a VM, so a run does not wait for helpers to wake:
// a helper joins only while the run is still open, and finish() closes it
// and waits just for those that joined.
class HelperThreads {
  static constexpr std::chrono::microseconds kFinishSpin{200};

 public:
  // Offers job(i) to helpers 1..n-1 until finish(); after it, they wait
  // awake for the next run for up to `spin`.
  void start(uint32_t n, std::function<void(uint32_t)> job, std::chrono::microseconds spin) {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    active_ = n;
    open_ = true;
    spin_ = spin;
    while (spawned_ + 1 < n) {
      const uint32_t index = ++spawned_;
      std::thread([this, index, seen = generation_.load()] { loop(index, seen); }).detach();
    }
    generation_.fetch_add(1, std::memory_order_release);
    wake_.notify_all();
  }
  void finish() {
    {
      std::lock_guard lock(mutex_);
      open_ = false;
    }
    // The helpers are usually finishing their last core: waiting awake for
    // them saves the tens of microseconds a VM takes to wake this thread.
    if (spin_until(kFinishSpin, [&] { return joined_.load(std::memory_order_acquire) == 0; })) return;
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return joined_.load(std::memory_order_relaxed) == 0; });
  }

 private:
  void loop(uint32_t index, uint64_t seen) {
    std::unique_lock lock(mutex_);
    for (;;) {
      // Runs of one program often follow each other within microseconds:
      // a helper awake for the next joins it at once.
      if (const auto spin = spin_; generation_.load(std::memory_order_relaxed) == seen && spin.count() > 0) {
        lock.unlock();
        spin_until(spin, [&] { return generation_.load(std::memory_order_acquire) != seen; });
        lock.lock();
      }
      wake_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen; });
      seen = generation_.load(std::memory_order_relaxed);
      if (!open_ || index >= active_) continue;
      joined_.fetch_add(1, std::memory_order_relaxed);
      lock.unlock();
      job_(index);
      lock.lock();
      if (joined_.fetch_sub(1, std::memory_order_release) == 1) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::function<void(uint32_t)> job_;
  // Changed under mutex_; read without it by spins.
  std::atomic<uint64_t> generation_{0};
  std::atomic<uint32_t> joined_{0};
  uint32_t active_ = 0, spawned_ = 0;
  bool open_ = false;
  std::chrono::microseconds spin_{0};
};

HelperThreads& helper_threads() {
  static HelperThreads* threads = new HelperThreads();  // never destroyed: helpers block in it at exit
  return *threads;
}

// Initial-exec: see t_current_instance.
__attribute__((tls_model("initial-exec"))) constinit thread_local Fiber* t_current = nullptr;
__attribute__((tls_model("initial-exec"))) constinit thread_local int t_thread_index = -1;
// The calling thread's slot in the control block, if the run has one.
__attribute__((tls_model("initial-exec"))) constinit thread_local ThreadSlot* t_slot = nullptr;

// Makes `f` the calling thread's current fiber, for kernel calls and crash reports.
void enter(Fiber* f) {
  t_current = f;
  t_current_instance = &f->task->instance;
  // Relaxed: read only after this process died, or by its own crash handler.
  if (ThreadSlot* slot = t_slot) {
    slot->core_x.store(static_cast<int32_t>(f->task->instance.core->x), std::memory_order_relaxed);
    slot->core_y.store(static_cast<int32_t>(f->task->instance.core->y), std::memory_order_relaxed);
    slot->role.store(static_cast<int32_t>(f->task->instance.role), std::memory_order_relaxed);
    slot->waypoint.store(f->task->instance.waypoint, std::memory_order_relaxed);
  }
}

std::string where(const KernelInstance& k) {
  if (k.core->ethernet)
    return fmt::format("ethernet core (channel {}) ERISC{}", k.core->y, k.role == krt::Role::kReader ? 0 : 1);
  return fmt::format("core (x={}, y={}) {}", k.core->x, k.core->y, role_name(k.role));
}

// The waiter's call, where the kernel made it, and its last waypoint.
std::string describe_wait(const Fiber& f) {
  const KernelInstance& k = f.task->instance;
  const Wait& w = *f.wait;
  std::string text = fmt::format("{} waits in {}", where(k), w.call);
  if (w.word != nullptr) {
    text += fmt::format(" for the L1 word at 0x{:x} to {} {} (now {})",
                        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(w.word)), w.at_least ? "reach" : "equal",
                        w.value, *w.word);
  } else {
    const CbState& cb = k.core->cbs[w.cb];
    text += fmt::format("(cb {}, {} pages): received {}, acked {}, {} pages in the ring", w.cb, w.pages,
                        cb.pages_received, cb.pages_acked, cb.num_pages);
  }
  if (w.file != nullptr && w.line != 0) text += fmt::format(", called at {}:{}", w.file, w.line);
  if (k.waypoint != 0) text += fmt::format(", last waypoint {}", waypoint_text(k.waypoint));
  return text;
}

ctx::fiber Carrier::loop(ctx::fiber&& from) {
  caller = std::move(from);
  san.arrived();
  while (job != nullptr) {
    Fiber& f = *job;
    try {
      if (f.task->entry() != 0) {
        fail_run("the source defines neither kernel_main() nor namespace NAMESPACE { void MAIN }");
      }
      if (f.task->on_exit) f.task->on_exit(f.task->instance);
      count_progress();
    } catch (const Unwind&) {
    } catch (const RunFailure& e) {
      shared->fail(e.message, f.rank);
    } catch (const std::exception& e) {
      shared->fail(where(f.task->instance) + ": the kernel threw " + e.what(), f.rank);
    }
    f.done = true;
    ++finished;
    // The core's next fiber, if it never ran, is the one the scheduler would
    // resume next: it runs here, saving two fiber switches per kernel.
    Fiber* next = f.next_in_core;
    if (next != nullptr && next->carrier == nullptr && !next->done && !shared->abort.load(std::memory_order_relaxed)) {
      f.carrier = nullptr;
      next->carrier = this;
      job = next;
      enter(next);
      continue;
    }
    switch_out();
  }
  san.leave(true);
  return std::move(caller);
}

bool runnable(const Fiber& f) { return !f.done && (f.wait == nullptr || f.wait->ready(f.task->instance, *f.wait)); }

// Fails the run with `headline` and every waiting fiber's wait, each after `prefix`.
void fail_deadlock(Shared& shared, std::string headline, const std::string& prefix) {
  for (const Fiber& f : *shared.fibers)
    if (!f.done && f.wait != nullptr) headline += " " + prefix + describe_wait(f) + ";";
  headline.pop_back();
  shared.fail(headline, SIZE_MAX);
}

// Called under park_mutex when every thread still in the run is parked:
// fails the run when no fiber can run (Shared's deadlock rule).
void decide_locked(Shared& shared) {
  for (const Fiber& f : *shared.fibers)
    if (runnable(f)) return;  // its parked owner will find it
  fail_deadlock(shared, "deadlock: no kernel can make progress;", "");
}

// How long every chip of a cluster must have stood still, with no kernel
// compiling for any of them, before their waits are called a deadlock: a
// program that enqueues the two ends of a link one after the other leaves
// the first waiting alone for a moment.
constexpr std::chrono::milliseconds kClusterQuietGrace{1000};
// A chip waiting on another spins this many rounds (a hand-over between
// chips usually comes within them) before it sleeps between looks.
constexpr uint32_t kLinkedSpinRounds = 1000;

// Called under park_mutex while every thread of a linked run is parked and
// no fiber of this chip can run: records the epoch this chip is quiet at,
// and fails the run once every busy chip of the cluster is quiet at the
// current epoch and stayed so for the grace period.
void decide_linked_locked(Shared& shared) {
  LinkBlock& link = *shared.linked->link;
  LinkBlock::Chip& me = link.chips[shared.linked->slot];
  const uint64_t epoch = link.epoch.load(std::memory_order_acquire);
  for (const Fiber& f : *shared.fibers)
    if (runnable(f)) return;  // its parked owner will find it
  const auto now = std::chrono::steady_clock::now();
  if (me.quiet_at.load(std::memory_order_relaxed) != epoch + 1) {
    me.quiet_at.store(epoch + 1, std::memory_order_release);
    shared.quiet_since = now;
    return;
  }
  if (link.host_busy.load(std::memory_order_acquire) != 0) shared.quiet_since = now;  // a program may be on its way
  if (now - shared.quiet_since < kClusterQuietGrace) return;
  std::string others;
  uint32_t waiting = 0;
  // Every slot: a chip's first worker, or one running a sub-device's program (lane_slot).
  const auto chips = static_cast<uint32_t>(shared.linked->chips.size());
  for (uint32_t c = 0; c < kMaxLinkedChips; ++c) {
    if (c == shared.linked->slot || link.chips[c].busy.load(std::memory_order_acquire) == 0) continue;
    if (link.chips[c].quiet_at.load(std::memory_order_acquire) != epoch + 1) return;  // chip c still moves
    others += fmt::format("{}{}", others.empty() ? "" : ", ", c % chips);
    ++waiting;
  }
  if (link.epoch.load(std::memory_order_acquire) != epoch) return;
  // A chip alone: its other workers run other sub-devices' programs.
  const bool alone = chips == 1;
  std::string report =
      alone ? fmt::format("deadlock: no kernel can make progress{};",
                          waiting == 0 ? "" : fmt::format(" (the programs of {} other sub-device(s) wait too)", waiting))
            : fmt::format("deadlock across chips: no kernel on chip {} can make progress, and {};", shared.linked->self,
                          others.empty() ? "no other chip runs anything that could wake it"
                                         : "chips " + others + " wait too");
  fail_deadlock(shared, report, alone ? "" : fmt::format("chip {} ", shared.linked->self));
}

// Parks the calling thread until one of its fibers can run (true) or the run
// ended (false).
bool park(Shared& shared, const std::vector<CoreRange>& mine) {
  {
    std::lock_guard lock(shared.park_mutex);
    ++shared.parked;
    if (shared.parked == shared.active) {
      if (shared.linked) decide_linked_locked(shared);
      else decide_locked(shared);
    }
  }
  for (uint32_t round = 0;; ++round) {
    const uint64_t epoch = shared.linked ? shared.linked->link->epoch.load(std::memory_order_seq_cst) : 0;
    bool ready = false;
    for (const CoreRange& core : mine)
      for (size_t i = core.begin; i < core.end && !ready; ++i) ready = runnable(*shared.order[i]);
    if (ready || shared.abort.load(std::memory_order_relaxed)) {
      std::lock_guard lock(shared.park_mutex);
      --shared.parked;
      if (shared.linked) shared.linked->link->chips[shared.linked->slot].quiet_at.store(0, std::memory_order_release);
      return !shared.abort.load(std::memory_order_relaxed);
    }
    if (!shared.linked || round < kLinkedSpinRounds) {
      std::this_thread::yield();
      continue;
    }
    // Waiting on another chip may take long: sleep rather than spin (a
    // delivery into any chip wakes it at once; this chip's other threads
    // within 50 us), and look again whether the cluster stands still.
    sleep_until_moved(*shared.linked->link, epoch, 50);
    std::lock_guard lock(shared.park_mutex);
    if (shared.parked == shared.active) decide_linked_locked(shared);
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
  t_slot = shared.control ? &shared.control->threads[index] : nullptr;
  t_progress = t_slot ? &t_slot->progress : &shared.local_progress[index].count;
  {
    std::lock_guard lock(shared.park_mutex);
    ++shared.active;
  }
  std::vector<CoreRange> mine;
  // Resumes `f`; its carrier may go on to later fibers of the core (Carrier::loop).
  // Returns how many fibers finished.
  auto resume = [&](Fiber* f) -> uint32_t {
    if (f->carrier == nullptr) {
      f->carrier = t_carriers.take(shared.stack_bytes);
      f->carrier->job = f;
      f->carrier->shared = &shared;
    }
    Carrier* c = f->carrier;
    f->wait = nullptr;
    l1_window_gate_enter(t_thread_index);
    enter(f);
    c->finished = 0;
    c->san.enter();
    c->self = std::move(c->self).resume();
    c->san.returned();
    l1_window_gate_leave(t_thread_index);
    const uint32_t finished = c->finished;
    if (Fiber* last = c->job; last->done) {
      t_carriers.put(c);
      last->carrier = nullptr;
    }
    if (t_slot) t_slot->role.store(-1, std::memory_order_relaxed);
    t_current = nullptr;
    t_current_instance = nullptr;
    return finished;
  };
  // Claims the next core: its fibers become this thread's. False when none is left.
  auto claim = [&]() {
    if (shared.next_core.load(std::memory_order_relaxed) >= shared.cores.size()) return false;
    const size_t c = shared.next_core.fetch_add(1);
    if (c >= shared.cores.size()) return false;
    mine.push_back(shared.cores[c]);
    return true;
  };
  size_t live = 0;  // unfinished fibers of claimed cores
  for (;;) {
    bool progressed = false;
    bool only_gave_way = true;  // every resumed fiber only yielded: it may poll what an unclaimed core does
    for (const CoreRange& core : mine) {
      const size_t rank = shared.order[core.begin]->rank;
      for (bool again = true; again && !shared.stopped(rank);) {
        again = false;
        for (size_t i = core.begin; i < core.end; ++i) {
          Fiber* f = shared.order[i];
          if (f->done) continue;
          if (f->wait != nullptr && !f->wait->ready(f->task->instance, *f->wait)) continue;
          live -= resume(f);
          progressed = true;
          // A fiber that only gave way does not keep its core in the sweep:
          // the thread's other cores get their turn too.
          if (!std::exchange(f->yielded, false)) again = true, only_gave_way = false;
        }
      }
    }
    // Finished cores leave the scan.
    std::erase_if(mine, [&](const CoreRange& core) {
      for (size_t i = core.begin; i < core.end; ++i)
        if (!shared.order[i]->done) return false;
      return true;
    });
    if (progressed) {
      // Fibers that only gave way may poll for what a core nobody claimed yet
      // is to do (a stream register it writes): that core joins the sweep.
      if (only_gave_way && !shared.abort.load(std::memory_order_relaxed) && claim())
        live += mine.back().end - mine.back().begin;
      continue;
    }
    // After a failure: nothing ranked below it can run now.
    if (shared.abort.load(std::memory_order_relaxed)) break;
    if (claim()) {
      live += mine.back().end - mine.back().begin;
      continue;
    }
    if (live == 0 || !park(shared, mine)) break;
  }
  // The run failed: tasks still blocked unwind (their kernels' destructors
  // run), which frees their carriers.
  for (const CoreRange& core : mine) {
    for (size_t i = core.begin; i < core.end; ++i) {
      Fiber* f = shared.order[i];
      if (f->carrier == nullptr) continue;
      f->carrier->unwind = true;
      resume(f);
    }
  }
  {
    std::lock_guard lock(shared.park_mutex);
    --shared.active;
    if (shared.active > 0 && shared.parked == shared.active && !shared.abort.load()) {
      if (shared.linked) decide_linked_locked(shared);
      else decide_locked(shared);
    }
  }
  stop_counting_progress();
  t_slot = nullptr;
  t_thread_index = -1;
}

}  // namespace

int scheduler_thread_index() { return t_thread_index; }

constinit thread_local KernelInstance* t_current_instance = nullptr;

void block_until(const Wait& wait) {
  Fiber* f = t_current;
  Carrier* c = f->carrier;
  // A destructor that waits while its run unwinds: nothing will come.
  if (c->unwind) return;
  if (wait.ready(f->task->instance, wait)) return;
  f->wait = &wait;
  c->switch_out();
  if (c->unwind) throw Unwind{};
  // Resumed by the scheduler only once wait.ready() held: something moved.
  count_progress();
}

void yield_now() {
  Fiber* f = t_current;
  Carrier* c = f->carrier;
  if (c->unwind) return;
  f->wait = nullptr;
  f->yielded = true;
  c->switch_out();
  if (c->unwind) throw Unwind{};
}

void publish_waypoint(uint32_t code) {
  if (ThreadSlot* slot = t_slot) slot->waypoint.store(code, std::memory_order_relaxed);
}

void fail_run(const std::string& what) {
  const KernelInstance& k = current();
  // The kernel line of the call, unless the message names it already (findings).
  if (k.site_file != nullptr) {
    const std::string site = fmt::format("{}:{}: ", k.site_file, k.site_line);
    if (!what.starts_with(site)) throw RunFailure{where(k) + ": " + site + what};
  }
  throw RunFailure{where(k) + ": " + what};
}

namespace {

// Groups the fibers by core, cores in order of first appearance. The worker
// lists each core's tasks together, so the order is usually theirs already.
void group_by_core(std::vector<Fiber>& fibers, std::vector<Fiber*>& order, std::vector<CoreRange>& cores) {
  order.clear();
  cores.clear();
  for (size_t i = 0; i < fibers.size(); ++i) {
    if (i == 0 || fibers[i].task->instance.core != fibers[i - 1].task->instance.core) cores.push_back({i, i});
    cores.back().end = i + 1;
    order.push_back(&fibers[i]);
  }
  // The worker lists cores in address order: then no core can appear twice.
  bool ascending = true;
  for (size_t c = 1; c < cores.size() && ascending; ++c)
    ascending = fibers[cores[c - 1].begin].task->instance.core < fibers[cores[c].begin].task->instance.core;
  if (ascending) return;
  thread_local std::vector<const CoreState*> seen;
  seen.clear();
  for (const CoreRange& c : cores) seen.push_back(fibers[c.begin].task->instance.core);
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) == seen.end()) return;
  // Some core's tasks are apart: count them per core.
  std::unordered_map<const CoreState*, size_t> core_index;
  for (const Fiber& f : fibers) core_index.emplace(f.task->instance.core, core_index.size());
  std::vector<size_t> counts(core_index.size() + 1, 0);
  for (const Fiber& f : fibers) ++counts[core_index.at(f.task->instance.core) + 1];
  cores.resize(core_index.size());
  for (size_t c = 0; c < cores.size(); ++c) {
    counts[c + 1] += counts[c];
    cores[c] = {counts[c], counts[c + 1]};
  }
  for (Fiber& f : fibers) order[counts[core_index.at(f.task->instance.core)]++] = &f;
}

}  // namespace

std::optional<std::string> run_tasks(std::span<Task> tasks, const SchedulerOptions& options) {
  Shared shared;
  shared.control = options.control;
  shared.linked = options.linked;
  shared.stack_bytes = options.stack_bytes;
  // The calling thread's buffers, reused by its next run (no allocation per run).
  thread_local std::vector<Fiber> fibers;
  thread_local std::vector<Fiber*> order;
  thread_local std::vector<CoreRange> cores;
  fibers.assign(tasks.size(), Fiber{});
  for (size_t i = 0; i < tasks.size(); ++i) fibers[i].task = &tasks[i];
  shared.fibers = &fibers;
  group_by_core(fibers, order, cores);
  for (size_t c = 0; c < cores.size(); ++c) {
    for (size_t i = cores[c].begin; i < cores[c].end; ++i) order[i]->rank = c;
    for (size_t i = cores[c].begin; i + 1 < cores[c].end; ++i) order[i]->next_in_core = order[i + 1];
  }
  shared.order.swap(order);
  shared.cores.swap(cores);
  // More threads than cores would only idle.
  shared.threads = std::max<uint32_t>(
      1, std::min<uint32_t>({options.threads, static_cast<uint32_t>(shared.cores.size()), uint32_t(kMaxThreads)}));
  if (shared.threads > 1)
    helper_threads().start(shared.threads, [&](uint32_t t) { run_thread(shared, t); }, options.helper_spin);
  run_thread(shared, 0);
  if (shared.threads > 1) helper_threads().finish();
  shared.order.swap(order);
  shared.cores.swap(cores);
  l1_window_hide();  // the next run starts with no core shown
  return std::move(shared.failure);
}

}  // namespace zyxtt::emu
