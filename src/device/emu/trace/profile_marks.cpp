// The device profiler's kernel-side markers (krt profile_mark): recorded as
// trace records of the calling instance; summed zones add up per instance
// and leave one total when the kernel ends (recorder.cpp).
#include <atomic>

#include "common/log.h"
#include "device/emu/krt_impl.h"
#include "device/emu/run_context.h"
#include "device/emu/trace/recorder.h"

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

namespace {
// tt-metal's optional marker slots per RISC per run (PROFILER_L1_OPTIONAL_MARKER_COUNT);
// timestamped data takes two.
constexpr uint32_t kProfileSlotsPerRun = 250;
std::atomic<uint64_t> g_warned_run{0};  // the last run that warned of full slots
}  // namespace

void profile_mark(krt::ProfileMark kind, const char* site, uint64_t data) {
  KernelInstance& k = current();
  if (kind != krt::ProfileMark::kSumStart && kind != krt::ProfileMark::kSumEnd) {
    // Silicon keeps a run's markers in a fixed L1 buffer per RISC; past it they are dropped.
    const uint32_t slots = kind == krt::ProfileMark::kData ? 2 : 1;
    if (k.profile_slots + slots > kProfileSlotsPerRun) {
      const uint64_t run = trace_run();
      if (k.profile_slots <= kProfileSlotsPerRun && g_warned_run.exchange(run) != run)
        emulator_log().warn("core (x={}, y={}) {}: the device profiler's {} marker slots of this run are full; "
                            "later markers are dropped, as on silicon (shown once per run)",
                            k.core->x, k.core->y, role_name(k.role), kProfileSlotsPerRun);
      k.profile_slots = kProfileSlotsPerRun + 1;
      return;
    }
    k.profile_slots += slots;
  }
  switch (kind) {
    case krt::ProfileMark::kZoneStart: return trace_mark(k, TraceKind::kZoneStart, site, 0);
    case krt::ProfileMark::kZoneEnd: return trace_mark(k, TraceKind::kZoneEnd, site, 0);
    case krt::ProfileMark::kData: return trace_mark(k, TraceKind::kTimestampedData, site, data);
    case krt::ProfileMark::kEvent: return trace_mark(k, TraceKind::kEvent, nullptr, data);
    case krt::ProfileMark::kSumStart:
    case krt::ProfileMark::kSumEnd: break;
  }
  const size_t slot = data & 1;
  if (kind == krt::ProfileMark::kSumStart) {
    k.profile_sum_site[slot] = site;
    k.profile_sum_begin[slot] = k.model.now;
  } else if (k.profile_sum_site[slot] != nullptr) {
    k.profile_sum_cycles[slot] += k.model.now - k.profile_sum_begin[slot];
  }
}

}  // namespace zyxtt::emu::krt_impl
