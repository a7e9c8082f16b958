// A core's L1 at its own addresses. On silicon an L1 address is a pointer: a
// kernel may dereference a buffer's address it got as a runtime argument
// (tt-metal's add_2_integers_in_riscv does). Here every core's L1 lives in
// one arena elsewhere, so such an access faults; the device worker then shows
// the faulting kernel's core's L1 in a window at [l1::kCbBase, L1 size) and
// the access runs again. The window shows one core at a time: a fiber switch
// to another core's kernel on the showing thread hides it (the next access
// faults again), and a kernel of another core on another thread cannot take
// it while it is shown (that run fails, naming the address).
#pragma once

#include <atomic>
#include <cstdint>

#include "device/emu/core_state.h"

namespace zyxtt::emu {

// The core whose L1 the window shows, or nullptr.
extern std::atomic<const CoreState*> g_l1_window_core;

// Reserves the window's addresses (worker start); false when something else
// lives there (the window then stays off).
bool l1_window_reserve(uint32_t l1_bytes);

// From the SIGSEGV handler: true when `address` lies in the window and the
// current kernel's core now shows there (the faulting access can run again).
bool l1_window_fault(uintptr_t address);

// A fiber of `core` starts running on this thread: the window, if this thread
// shows another core in it, is hidden. Inline check first: the window is
// almost always off.
void l1_window_hide_unless(const CoreState* core);
inline void l1_window_enter(const CoreState* core) {
  const CoreState* shown = g_l1_window_core.load(std::memory_order_relaxed);
  if (shown != nullptr && shown != core) [[unlikely]] l1_window_hide_unless(core);
}

// The run ended: nothing shows.
void l1_window_hide();

}  // namespace zyxtt::emu
