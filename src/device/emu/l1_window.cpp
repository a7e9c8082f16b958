#include "device/emu/l1_window.h"

#include <sched.h>
#include <sys/mman.h>

#include "device/emu/l1_layout.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/scheduler.h"

namespace zyxtt::emu {

std::atomic<const CoreState*> g_l1_window_core{nullptr};

namespace {

uint32_t g_l1_bytes = 0;  // 0: no window

// The thread that holds the window (it may show a core), or -1.
std::atomic<int> g_owner{-1};

// Whether each scheduler thread runs kernel code; a line each, as each
// thread writes its own on every fiber it resumes.
struct alignas(64) InKernel {
  std::atomic<bool> flag{false};
};
InKernel g_in_kernel[kMaxThreads];

void* window() { return reinterpret_cast<void*>(uintptr_t{l1::kCbBase}); }
size_t window_bytes() { return g_l1_bytes - l1::kCbBase; }

// PROT_NONE over the window: its addresses stay ours, accesses fault.
bool cover() {
  return mmap(window(), window_bytes(), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0) !=
         MAP_FAILED;
}

// A second view of the core's shared L1 pages (old size 0 duplicates a shared
// mapping): no descriptor needed, which the sandbox would refuse.
bool show(const CoreState* core) {
  const size_t bytes = core->l1_bytes - l1::kCbBase;
  if (bytes < window_bytes() && !cover()) return false;  // what a larger core showed past it must fault again
  if (mremap(core->l1 + l1::kCbBase, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, window()) == MAP_FAILED) return false;
  g_l1_window_core.store(core, std::memory_order_release);
  return true;
}

// Covers the window and lets the other threads run kernels again.
void release() {
  if (g_l1_window_core.exchange(nullptr, std::memory_order_acq_rel) != nullptr) cover();
  g_owner.store(-1, std::memory_order_seq_cst);
}

}  // namespace

bool l1_window_reserve(uint32_t l1_bytes) {
  if (l1_bytes <= l1::kCbBase) return false;
  void* at = mmap(window(), l1_bytes - l1::kCbBase, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE |
                  MAP_NORESERVE, -1, 0);
  if (at == MAP_FAILED) return false;
  if (at != window()) {  // a kernel without MAP_FIXED_NOREPLACE placed it elsewhere
    munmap(at, l1_bytes - l1::kCbBase);
    return false;
  }
  g_l1_bytes = l1_bytes;
  return true;
}

// Runs in the SIGSEGV handler: only atomics, system calls and sched_yield.
bool l1_window_fault(uintptr_t address) {
  if (g_l1_bytes == 0 || address < l1::kCbBase || address >= g_l1_bytes) return false;
  const KernelInstance* k = t_current_instance;
  if (k == nullptr) return false;
  const CoreState* core = k->core;
  if (address >= core->l1_bytes) return false;  // an ethernet core's L1 is smaller
  const int self = scheduler_thread_index();
  if (self < 0 || self >= kMaxThreads) return false;
  if (g_owner.load(std::memory_order_relaxed) != self) {
    // Out of kernel code while waiting, so that a thread which holds the
    // window, or waits for everyone to leave, is not kept waiting on us.
    g_in_kernel[self].flag.store(false, std::memory_order_seq_cst);
    for (int free = -1; !g_owner.compare_exchange_weak(free, self, std::memory_order_seq_cst); free = -1) sched_yield();
    for (int t = 0; t < kMaxThreads; ++t)
      while (t != self && g_in_kernel[t].flag.load(std::memory_order_seq_cst)) sched_yield();
    g_in_kernel[self].flag.store(true, std::memory_order_seq_cst);
  }
  if (g_l1_window_core.load(std::memory_order_acquire) == core) return false;  // shown, yet it faulted: not ours
  return show(core);
}

void l1_window_gate_enter(int thread) {
  std::atomic<bool>& in_kernel = g_in_kernel[thread].flag;
  for (;;) {
    in_kernel.store(true, std::memory_order_seq_cst);
    const int owner = g_owner.load(std::memory_order_seq_cst);
    if (owner < 0 || owner == thread) [[likely]] return;
    in_kernel.store(false, std::memory_order_seq_cst);
    while (g_owner.load(std::memory_order_acquire) >= 0) sched_yield();
  }
}

void l1_window_gate_leave(int thread) {
  g_in_kernel[thread].flag.store(false, std::memory_order_release);
  if (g_owner.load(std::memory_order_relaxed) == thread) [[unlikely]] release();
}

void l1_window_hide() {
  if (g_owner.load(std::memory_order_relaxed) >= 0) release();
}

}  // namespace zyxtt::emu
