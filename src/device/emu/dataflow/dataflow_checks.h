// What the scheduler calls around a kernel instance's life, beyond the krt calls.
#pragma once

#include <cstdint>
#include <string>

#include "device/emu/run_context.h"
#include "zyxtt/tile_geometry.h"

namespace zyxtt::emu {

// Sets a CB up for a run: geometry, format, counters zero, every role's
// pointers at the ring's base, sanitizer bookkeeping cleared.
void configure_cb(CoreState& core, uint32_t index, uint32_t base, uint32_t page_bytes, uint32_t num_pages,
                  uint32_t data_format, bool on_buffer = false, TileGeometry tile = {});

// After kernel_main returns: flushes a pending DPRINT line, warns on stderr
// about CB pages reserved but never pushed, and returns what the firmware
// would assert on, or "" when clean: reads must have landed (read barrier) and
// posted writes be flushed. Nonposted writes not yet sent (no write barrier or
// writes_flushed after them) and atomics not barriered are findings: a
// warning, an error under --strict.
std::string kernel_exit_problems(KernelInstance& k);

// kernel_exit_problems, failing the run (fail_run) when there is one. Call it
// on the instance's own fiber, so that current() is `k`.
void check_kernel_exit(KernelInstance& k);

// Re-arms the once-per-run warnings: alignment (AlignPolicy::kWarn) and
// findings (findings.h).
void reset_dataflow_warnings();

}  // namespace zyxtt::emu
