// One event of a traced run as the device worker records it and the runtime
// receives it with the run's outcome (run_job.h): plain bytes, the same build
// on both ends. trace_file.h turns records into Chrome trace events.
#pragma once

#include <chrono>
#include <cstdint>
#include <type_traits>

namespace zyxtt::emu {

enum class TraceKind : uint8_t {
  kKernel,          // span: a = kernel index in the program, flags kTraceFailed when it did not return
  kCbReserve,       // span of a cb_reserve_back that blocked: a = CB, b = pages
  kCbWait,          // span of a cb_wait_front that blocked: a = CB, b = pages
  kSemaphoreWait,   // span of an L1 word wait that blocked: a = L1 offset, b = value, flags kTraceAtLeast
  kMailboxWait,     // span of a mailbox_read / mailbox_write that blocked: a = 1 for read
  kPush,            // instant: a = CB, b = pages
  kPop,             // instant: a = CB, b = pages
  kNocWrite,        // span of a write that lands in a core's L1: a = bytes, to_x / to_y the core
  kNocMulticast,    // one per destination core
  kNocInlineWrite,  // noc_inline_dw_write
  kNocAtomic,       // noc_semaphore_inc: b = the increment
  kNocBarrier,      // span of a NOC barrier the model clock waited in: a = NocBarrier, b = the NOC
  // Device-profiler markers (tools/profiler/kernel_profiler.hpp), recorded when
  // the profiler is on: instants; `site` indexes the run's marker sites
  // (RunOutcome::profile_sites), `a` / `b` the low / high words of the data.
  kZoneStart,
  kZoneEnd,
  kZoneTotal,  // a summed zone's total of one kernel: its nanoseconds as the data
  kTimestampedData,
  kEvent,  // the event id as the data; no site
  kCount
};

inline constexpr uint8_t kTraceFailed = 1;
inline constexpr uint8_t kTraceAtLeast = 2;
// A wait the emulator passed at once but the model clock waited in (its
// push, pop or landing lay later on the model's clock); barriers always.
inline constexpr uint8_t kTraceModelOnly = 4;

enum class NocBarrier : uint32_t { kRead, kWrite, kWritesFlushed, kAtomic };

// Two clocks: CLOCK_MONOTONIC nanoseconds (std::chrono::steady_clock), which
// every process on the host shares, the emulator's wall clock; and the
// recording core's timing-model clock in cycles since the run started
// (timing/model.h). trace_file.cpp shows the model's.
struct TraceRecord {
  uint64_t begin_ns = 0;
  uint64_t end_ns = 0;  // == begin_ns for instants
  uint64_t model_begin = 0;
  uint64_t model_end = 0;  // a NOC write's: when it landed
  uint32_t a = 0;
  uint32_t b = 0;
  uint16_t x = 0, y = 0;        // the recording core (logical)
  uint16_t to_x = 0, to_y = 0;  // a NOC write's destination core; a profiler marker's site: to_x | to_y << 16
  TraceKind kind = TraceKind::kKernel;
  uint8_t role = 0;  // krt::Role
  uint8_t flags = 0;
  uint8_t reserved = 0;
  uint32_t line = 0;  // a blocking call's line in the kernel source (0: unknown)
  bool operator==(const TraceRecord&) const = default;
};
static_assert(std::is_trivially_copyable_v<TraceRecord> && sizeof(TraceRecord) == 56);

inline constexpr uint32_t kNoSite = 0xffffffff;  // a marker without a site (events)

inline bool is_profile_marker(TraceKind kind) { return kind >= TraceKind::kZoneStart && kind < TraceKind::kCount; }
inline uint32_t marker_site(const TraceRecord& r) { return r.to_x | uint32_t{r.to_y} << 16; }
inline void set_marker_site(TraceRecord& r, uint32_t site) {
  r.to_x = static_cast<uint16_t>(site);
  r.to_y = static_cast<uint16_t>(site >> 16);
}
inline uint64_t marker_data(const TraceRecord& r) { return r.a | uint64_t{r.b} << 32; }

// Now on the clock records use.
inline uint64_t trace_now() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace zyxtt::emu
