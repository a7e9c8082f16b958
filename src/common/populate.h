// Page-table population ahead of a copy. On VMs a page fault costs several
// microseconds (6.6 us for a minor fault on the machine BENCHMARKS.md was made
// on), and a 256 MiB transfer or a run over fresh mappings takes 65,536 of
// them; one madvise(MADV_POPULATE_*) maps the same pages 15x faster. Only
// ever a speed-up: failures (an old kernel, a file shorter than the range)
// are ignored, and the copy that follows faults as before (never SIGBUS here).
#pragma once

#include <cstddef>

namespace zyxtt {

// Maps [start, start + bytes) (rounded out to pages) readable, or writable
// (allocating what a shared file lacks there, which the copy would anyway).
void populate(const void* start, size_t bytes, bool for_write);

}  // namespace zyxtt
