#include "device/emu/l1_window.h"

#include <sys/mman.h>

#include "device/emu/l1_layout.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/scheduler.h"

namespace zyxtt::emu {

std::atomic<const CoreState*> g_l1_window_core{nullptr};

namespace {

uint32_t g_l1_bytes = 0;  // 0: no window
std::atomic<int> g_owner_thread{-1};

void* window() { return reinterpret_cast<void*>(uintptr_t{l1::kCbBase}); }
size_t window_bytes() { return g_l1_bytes - l1::kCbBase; }

// PROT_NONE over the window: its addresses stay ours, accesses fault.
bool cover() {
  return mmap(window(), window_bytes(), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0) !=
         MAP_FAILED;
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

bool l1_window_fault(uintptr_t address) {
  if (g_l1_bytes == 0 || address < l1::kCbBase || address >= g_l1_bytes) return false;
  const KernelInstance* k = t_current_instance;
  if (k == nullptr) return false;
  const CoreState* core = k->core;
  if (address >= core->l1_bytes) return false;  // an ethernet core's L1 is smaller
  const int self = scheduler_thread_index();
  const CoreState* shown = g_l1_window_core.load(std::memory_order_acquire);
  // Another core shows, for a kernel on another thread: it keeps the window.
  if (shown != nullptr && shown != core && g_owner_thread.load(std::memory_order_relaxed) != self) return false;
  if (!g_l1_window_core.compare_exchange_strong(shown, core, std::memory_order_acq_rel)) return false;
  g_owner_thread.store(self, std::memory_order_relaxed);
  // A second view of the core's shared L1 pages (old size 0 duplicates a
  // shared mapping): no descriptor needed, which the sandbox would refuse.
  const size_t bytes = core->l1_bytes - l1::kCbBase;
  if (bytes < window_bytes() && !cover()) return false;  // what a larger core showed past it must fault again
  return mremap(core->l1 + l1::kCbBase, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, window()) != MAP_FAILED;
}

void l1_window_hide_unless(const CoreState* core) {
  const CoreState* shown = g_l1_window_core.load(std::memory_order_acquire);
  if (shown == nullptr || shown == core || g_owner_thread.load(std::memory_order_relaxed) != scheduler_thread_index())
    return;
  if (g_l1_window_core.compare_exchange_strong(shown, nullptr, std::memory_order_acq_rel)) cover();
}

void l1_window_hide() {
  if (g_l1_window_core.exchange(nullptr, std::memory_order_acq_rel) != nullptr) cover();
}

}  // namespace zyxtt::emu
