#include "device/emu/l1_window.h"

#include <sched.h>
#include <sys/mman.h>

#include <atomic>
#include <initializer_list>

#include "device/emu/l1_layout.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/scheduler.h"
#include "zyxtt/noc_regs.h"

namespace zyxtt::emu {
namespace {

// One window: fixed addresses that show one core's memory at a time.
struct Window {
  uintptr_t base = 0;
  size_t bytes = 0;  // 0: not reserved
  std::atomic<const CoreState*> shown{nullptr};

  bool holds(uintptr_t address) const { return bytes != 0 && address >= base && address - base < bytes; }
  void* at() const { return reinterpret_cast<void*>(base); }
};

Window g_l1;       // [l1::kCbBase, L1 size)
Window g_streams;  // the stream registers, [kOverlayStart, kOverlayEnd)

// The thread that holds the windows (it may show a core), or -1.
std::atomic<int> g_owner{-1};

// Whether each scheduler thread runs kernel code; a line each, as each
// thread writes its own on every fiber it resumes.
struct alignas(64) InKernel {
  std::atomic<bool> flag{false};
};
InKernel g_in_kernel[kMaxThreads];

// PROT_NONE over the window: its addresses stay ours, accesses fault.
bool cover(const Window& w) {
  return mmap(w.at(), w.bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0) !=
         MAP_FAILED;
}

// A second view of the core's shared pages (old size 0 duplicates a shared
// mapping): no descriptor needed, which the sandbox would refuse.
bool show(Window& w, const CoreState* core, void* from, size_t bytes) {
  if (bytes < w.bytes && !cover(w)) return false;  // what a larger core showed past it must fault again
  if (mremap(from, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, w.at()) == MAP_FAILED) return false;
  w.shown.store(core, std::memory_order_release);
  return true;
}

// Covers the windows and lets the other threads run kernels again.
void release() {
  for (Window* w : {&g_l1, &g_streams})
    if (w->shown.exchange(nullptr, std::memory_order_acq_rel) != nullptr) cover(*w);
  g_owner.store(-1, std::memory_order_seq_cst);
}

bool reserve(Window& w, uintptr_t base, size_t bytes) {
  void* at = mmap(reinterpret_cast<void*>(base), bytes, PROT_NONE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
  if (at == MAP_FAILED) return false;
  if (at != reinterpret_cast<void*>(base)) {  // a kernel without MAP_FIXED_NOREPLACE placed it elsewhere
    munmap(at, bytes);
    return false;
  }
  w.base = base;
  w.bytes = bytes;
  return true;
}

}  // namespace

bool l1_window_reserve(uint32_t l1_bytes) {
  if (l1_bytes <= l1::kCbBase) return false;
  reserve(g_streams, noc_regs::kOverlayStart, noc_regs::kOverlayEnd - noc_regs::kOverlayStart);
  return reserve(g_l1, l1::kCbBase, l1_bytes - l1::kCbBase);
}

// Runs in the SIGSEGV handler: only atomics, system calls and sched_yield.
bool l1_window_fault(uintptr_t address) {
  const KernelInstance* k = t_current_instance;
  if (k == nullptr) return false;
  const CoreState* core = k->core;
  Window* w = nullptr;
  void* from = nullptr;
  size_t bytes = 0;
  if (g_l1.holds(address)) {
    if (address >= core->l1_bytes) return false;  // an ethernet core's L1 is smaller
    w = &g_l1;
    from = core->l1 + l1::kCbBase;
    bytes = core->l1_bytes - l1::kCbBase;
  } else if (g_streams.holds(address)) {
    if (core->stream_words == nullptr) return false;  // a virtual core's live in the emulator only
    w = &g_streams;
    from = core->stream_words;
    bytes = size_t{core->ethernet ? noc_regs::kEthStreams : noc_regs::kTensixStreams} * noc_regs::kStreamSpace;
    if (address - w->base >= bytes) return false;  // an ethernet core has fewer streams
  } else {
    return false;
  }
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
  if (w->shown.load(std::memory_order_acquire) == core) return false;  // shown, yet it faulted: not ours
  return show(*w, core, from, bytes);
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
