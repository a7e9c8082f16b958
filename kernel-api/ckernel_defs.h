// tt-metal's LLK ckernel_defs.h as kernels use it: the hardware thread ids
// (mailbox addressing) and the LLK enums of llk_defs.h.
#pragma once

#include <cstdint>

#include "llk_defs.h"

namespace ckernel {
// Blackhole numbering: BRISC, then the three TRISCs.
enum ThreadId { BriscThreadId = 0, UnpackThreadId = 1, MathThreadId = 2, PackThreadId = 3 };
}  // namespace ckernel
