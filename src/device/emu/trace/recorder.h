// The device worker's side of tracing: kernel API calls of an instance whose
// `trace` flag is set append records to their host thread's buffer (no lock:
// one writer per buffer), and the worker collects them once the run is over.
// With tracing off the calls only test that flag.
#pragma once

#include <cstdint>
#include <string>
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
  // Recorded however the wait ends: a deadlock unwinds the fiber through here.
  struct Span {
    const KernelInstance& k;
    const Wait& w;
    TraceKind kind;
    uint32_t a, b;
    uint8_t flags;
    uint64_t begin = trace_now();
    uint64_t model_begin = k.model.now;
    ~Span() {
      trace_append(k, TraceRecord{.begin_ns = begin, .end_ns = trace_now(), .model_begin = model_begin,
                                  .model_end = k.model.now, .a = a, .b = b, .kind = kind, .flags = flags,
                                  .line = w.line});
    }
  } span{k, w, kind, a, b, flags};
  block_until(w);
  sync();
}
inline void block_traced(const KernelInstance& k, const Wait& w, TraceKind kind, uint32_t a, uint32_t b,
                         uint8_t flags = 0) {
  block_traced(k, w, kind, a, b, flags, [] {});
}

// `sync` for a wait that did not block: when `k` traces and the model clock
// moved, the wait is recorded as a span on the model clock alone.
template <class Sync>
inline void sync_traced(const KernelInstance& k, TraceKind kind, uint32_t a, uint32_t b, uint8_t flags, uint32_t line,
                        Sync&& sync) {
  if (!k.trace) [[likely]]
    return sync();
  const uint64_t model_begin = k.model.now;
  sync();
  if (k.model.now == model_begin) return;
  const uint64_t now = trace_now();
  trace_append(k, TraceRecord{.begin_ns = now, .end_ns = now, .model_begin = model_begin, .model_end = k.model.now,
                              .a = a, .b = b, .kind = kind, .flags = static_cast<uint8_t>(flags | kTraceModelOnly),
                              .line = line});
}

// A device-profiler marker of `k` at `site` (a string the kernel object
// keeps; nullptr: none) with its 64-bit data.
void trace_mark(const KernelInstance& k, TraceKind kind, const char* site, uint64_t data);

// A kernel entry that records the kernel's span around k.traced_entry (and,
// with the profiler on, its summed zones' totals).
int traced_kernel_entry();

// Starts a run's recording: empties every buffer.
void trace_begin_run();
// The run being recorded (changes at every trace_begin_run).
uint64_t trace_run();
// Every record of the run, how many did not fit, and the profiler marker
// sites they index. Only after the run's threads are done, while its kernel
// objects are loaded.
std::vector<TraceRecord> trace_collect(uint64_t& dropped, std::vector<std::string>& sites);
// The run's buffers as they are, while its threads may still run (a run the
// watchdog stops): up to `max` of them into `out`, and how many records
// were dropped. No allocation or lock: a signal handler calls it.
int trace_buffers(std::pair<const TraceRecord*, size_t>* out, int max, uint64_t& dropped);

}  // namespace zyxtt::emu
