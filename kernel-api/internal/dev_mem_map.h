// The firmware's fixed L1 regions and debug registers kernels name, as
// tt-metal's dev_mem_map.h and tensix.h do. MEM_ZEROS_BASE is a real region of
// this core's L1 that stays zero (a source for NOC reads that clear L1). The
// wall-clock registers are two words of the kernel object that do not tick:
// code that only reads a timestamp compiles and runs, a loop waiting for the
// clock to move spins until the run's watchdog ends it.
#pragma once

#include <cstdint>

#include "zyxtt/krt.h"

#define MEM_ZEROS_SIZE 512
static_assert(MEM_ZEROS_SIZE == zyxtt::krt::kL1ZerosBytes);
#define MEM_ZEROS_BASE (::zyxtt::krt::l1_zeros_addr())

namespace zyxtt::kernel {
inline volatile uint32_t wall_clock_words[2] = {0, 0};
}
#define RISCV_DEBUG_REG_WALL_CLOCK_L (reinterpret_cast<uintptr_t>(&::zyxtt::kernel::wall_clock_words[0]))
#define RISCV_DEBUG_REG_WALL_CLOCK_H (reinterpret_cast<uintptr_t>(&::zyxtt::kernel::wall_clock_words[1]))

// Busy-waits `cycles` core clocks on silicon. The emulator models no time:
// the core's other kernels get a turn per 1024 cycles (at least one, at most
// 4096), so what they do meanwhile on silicon (fill a CB, set a flag) they
// do here too.
inline void riscv_wait(uint32_t cycles) {
  const uint32_t turns = cycles / 1024 + 1;
  zyxtt::krt::yield_turns(turns < 4096 ? turns : 4096);
}

// Drops the core's L1 read cache (tt-metal's risc_common.h, on every RISC);
// emulated L1 is coherent host memory, so there is nothing to drop.
inline void invalidate_l1_cache() {}
