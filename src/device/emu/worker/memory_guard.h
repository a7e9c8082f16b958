// The device worker's memory bound. The runtime limits the worker's private
// memory (RLIMIT_DATA, --worker-memory), so an allocation that fails in the
// worker means the limit was reached: the guard records the thread (whose
// slot names the kernel) and ends the worker with kWorkerExitOutOfMemory,
// which the runtime reports naming the limit, before restarting the worker.
#pragma once

#include "device/emu/sched/scheduler.h"

namespace zyxtt::emu {

inline constexpr int kWorkerExitOutOfMemory = 87;

// Arms the guard: from now on a failed malloc, calloc, realloc or aligned
// allocation (operator new included) ends the worker as above.
void arm_memory_guard(ControlBlock* control);

// Makes the out-of-memory killer pick this process before any other.
void prefer_for_oom_kill();

}  // namespace zyxtt::emu
