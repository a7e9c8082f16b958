// The device worker's side of tracing: kernel API calls of an instance whose
// `trace` flag is set append records to their host thread's buffer (no lock:
// one writer per buffer), and the worker collects them once the run is over.
// With tracing off the calls only test that flag.
#pragma once

#include <cstdint>
#include <vector>

#include "device/emu/run_context.h"
#include "device/emu/trace/trace_record.h"

namespace zyxtt::emu {

// Records kept per host thread per run; past it records are counted as dropped.
inline constexpr size_t kTraceRecordsPerThread = size_t{1} << 20;

// Appends `r` (its core and role taken from `k`) to the calling thread's buffer.
void trace_append(const KernelInstance& k, TraceRecord r);

inline void trace_instant(const KernelInstance& k, TraceKind kind, uint32_t a, uint32_t b) {
  const uint64_t now = trace_now();
  trace_append(k, TraceRecord{.begin_ns = now, .end_ns = now, .model_begin = k.model.now, .model_end = k.model.now,
                              .a = a, .b = b, .kind = kind});
}

// block_until(w), then `sync` (which moves the model clock to what the wait
// waited for), recording the wait as a span when `k` traces. Callers call it
// only when the wait is not satisfied yet: every span blocked.
template <class Sync>
inline void block_traced(const KernelInstance& k, const Wait& w, TraceKind kind, uint32_t a, uint32_t b, uint8_t flags,
                         Sync&& sync) {
  if (!k.trace) [[likely]] {
    block_until(w);
    return sync();
  }
  const uint64_t begin = trace_now();
  const uint64_t model_begin = k.model.now;
  block_until(w);
  sync();
  trace_append(k, TraceRecord{.begin_ns = begin, .end_ns = trace_now(), .model_begin = model_begin,
                              .model_end = k.model.now, .a = a, .b = b, .kind = kind, .flags = flags});
}
inline void block_traced(const KernelInstance& k, const Wait& w, TraceKind kind, uint32_t a, uint32_t b,
                         uint8_t flags = 0) {
  block_traced(k, w, kind, a, b, flags, [] {});
}

// A kernel entry that records the kernel's span around k.traced_entry.
int traced_kernel_entry();

// Starts a run's recording: empties every buffer.
void trace_begin_run();
// Every record of the run, and how many did not fit. Only after the run's
// threads are done.
std::vector<TraceRecord> trace_collect(uint64_t& dropped);

}  // namespace zyxtt::emu
