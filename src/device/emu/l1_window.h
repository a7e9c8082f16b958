// A core's L1 at its own addresses. On silicon an L1 address is a pointer: a
// kernel may dereference a buffer's address it got as a runtime argument
// (tt-metal's add_2_integers_in_riscv does). Here every core's L1 lives in
// one arena elsewhere, so such an access faults; the device worker then shows
// the faulting kernel's core's L1 in a window at [l1::kCbBase, L1 size) and
// the access runs again.
//
// The window is one mapping for the whole process, so while it shows a core
// no other host thread may run kernel code: a kernel of another core would
// read and write the shown core's L1 without faulting. Each scheduler thread
// therefore passes a gate around every fiber it resumes: the faulting thread
// takes the window only once every other thread is out of kernel code, and
// others wait at the gate until it leaves its fiber, which hides the window.
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

// Scheduler thread `thread` is about to run kernel code: waits while another
// thread shows a core.
void l1_window_gate_enter(int thread);

// Scheduler thread `thread` left kernel code: hides the window if it showed it.
void l1_window_gate_leave(int thread);

// The run ended: nothing shows.
void l1_window_hide();

}  // namespace zyxtt::emu
