// A core's L1 and stream registers at their own addresses. On silicon an L1
// address is a pointer: a kernel may dereference a buffer's address it got as
// a runtime argument (tt-metal's add_2_integers_in_riscv does), or a stream
// register's (tt-metal's fabric keeps counters in them). Here every core's
// L1 lives in one arena elsewhere and its stream registers in another, so
// such an access faults; the device worker then shows the faulting kernel's
// core's L1 in a window at [l1::kCbBase, L1 size), or its stream registers at
// [kOverlayStart, kOverlayEnd), and the access runs again.
//
// The windows are mappings of the whole process, so while they show a core
// no other host thread may run kernel code: a kernel of another core would
// read and write the shown core's memory without faulting. Each scheduler
// thread therefore passes a gate around every fiber it resumes: the faulting
// thread takes the windows only once every other thread is out of kernel
// code, and others wait at the gate until it leaves its fiber, which hides
// them.
#pragma once

#include <cstdint>

#include "device/emu/core_state.h"

namespace zyxtt::emu {

// Reserves the windows' addresses (worker start); false when something else
// lives at the L1 addresses (no window then). Stream registers stay reachable
// through their calls when their addresses are taken.
bool l1_window_reserve(uint32_t l1_bytes);

// From the SIGSEGV handler: true when `address` lies in a window and the
// current kernel's core now shows there (the faulting access can run again).
bool l1_window_fault(uintptr_t address);

// Scheduler thread `thread` is about to run kernel code: waits while another
// thread shows a core.
void l1_window_gate_enter(int thread);

// Scheduler thread `thread` left kernel code: hides the windows if it showed them.
void l1_window_gate_leave(int thread);

// The run ended: nothing shows.
void l1_window_hide();

}  // namespace zyxtt::emu
