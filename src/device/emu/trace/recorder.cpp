#include "device/emu/trace/recorder.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <string>

namespace zyxtt::emu {
namespace {

constexpr size_t kMaxBuffers = 64;  // the scheduler's threads (--threads is at most 64)

struct alignas(64) Buffer {
  std::vector<TraceRecord> records;
  uint64_t dropped = 0;
  std::vector<const char*> sites;  // profiler marker sites, indexed by this buffer's records
};

std::array<Buffer, kMaxBuffers> g_buffers;
std::atomic<size_t> g_taken{0};       // buffers handed out this run
std::atomic<uint64_t> g_run{1};       // the run being recorded
std::atomic<uint64_t> g_overflow{0};  // records of threads beyond kMaxBuffers

// The calling thread's buffer for the current run; taken on its first record.
thread_local Buffer* t_buffer = nullptr;
thread_local uint64_t t_run = 0;

}  // namespace

namespace {

// The calling thread's buffer for the current run (nullptr past kMaxBuffers).
Buffer* thread_buffer() {
  const uint64_t run = g_run.load(std::memory_order_relaxed);
  if (t_run != run) {
    const size_t i = g_taken.fetch_add(1, std::memory_order_relaxed);
    t_buffer = i < kMaxBuffers ? &g_buffers[i] : nullptr;
    t_run = run;
  }
  return t_buffer;
}

}  // namespace

void trace_mark(const KernelInstance& k, TraceKind kind, const char* site, uint64_t data) {
  const uint64_t now = trace_now();
  TraceRecord r{.begin_ns = now, .end_ns = now, .model_begin = k.model.now, .model_end = k.model.now,
                .a = static_cast<uint32_t>(data), .b = static_cast<uint32_t>(data >> 32), .kind = kind};
  if (Buffer* b = thread_buffer(); b != nullptr && site != nullptr) {
    // A kernel has a handful of sites: a linear search beats hashing.
    const auto it = std::find(b->sites.begin(), b->sites.end(), site);
    set_marker_site(r, static_cast<uint32_t>(it - b->sites.begin()));
    if (it == b->sites.end()) b->sites.push_back(site);
  } else {
    set_marker_site(r, kNoSite);
  }
  trace_append(k, r);
}

void trace_append(const KernelInstance& k, TraceRecord r) {
  Buffer* const buffer = thread_buffer();
  if (buffer == nullptr) {
    g_overflow.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (buffer->records.size() >= kTraceRecordsPerThread) {
    ++buffer->dropped;
    return;
  }
  r.x = static_cast<uint16_t>(k.core->x);
  r.y = static_cast<uint16_t>(k.core->y);
  r.role = static_cast<uint8_t>(k.role);
  buffer->records.push_back(r);
}

int traced_kernel_entry() {
  const KernelInstance& k = current();
  // Records the span however the kernel ends: a failure or an unwound wait throws through here.
  struct Span {
    const KernelInstance& k;
    uint64_t begin = trace_now();
    uint64_t model_begin = k.model.now;
    bool returned = false;
    ~Span() {
      trace_append(k, TraceRecord{.begin_ns = begin, .end_ns = trace_now(), .model_begin = model_begin,
                                  .model_end = k.model.now, .a = k.kernel_index,
                                  .kind = TraceKind::kKernel, .flags = returned ? uint8_t{0} : kTraceFailed});
      for (int slot = 0; slot < 2; ++slot)
        if (k.profile_sum_site[slot] != nullptr)
          trace_mark(k, TraceKind::kZoneTotal, k.profile_sum_site[slot], k.profile_sum_cycles[slot]);
    }
  } span{k};
  const int result = k.traced_entry();
  span.returned = true;
  return result;
}

uint64_t trace_run() { return g_run.load(std::memory_order_relaxed); }

void trace_begin_run() {
  const size_t used = std::min(g_taken.load(), kMaxBuffers);
  for (size_t i = 0; i < used; ++i) {
    g_buffers[i].records.clear();
    g_buffers[i].dropped = 0;
    g_buffers[i].sites.clear();
  }
  g_taken = 0;
  g_overflow = 0;
  g_run.fetch_add(1);
}

int trace_buffers(std::pair<const TraceRecord*, size_t>* out, int max, uint64_t& dropped) {
  const size_t used = std::min({g_taken.load(), kMaxBuffers, static_cast<size_t>(max)});
  dropped = g_overflow.load();
  for (size_t i = 0; i < used; ++i) {
    out[i] = {g_buffers[i].records.data(), g_buffers[i].records.size()};
    dropped += g_buffers[i].dropped;
  }
  return static_cast<int>(used);
}

std::vector<TraceRecord> trace_collect(uint64_t& dropped, std::vector<std::string>& sites) {
  sites.clear();
  const size_t used = std::min(g_taken.load(), kMaxBuffers);
  size_t total = 0;
  dropped = g_overflow.load();
  for (size_t i = 0; i < used; ++i) {
    total += g_buffers[i].records.size();
    dropped += g_buffers[i].dropped;
  }
  std::vector<TraceRecord> all;
  all.reserve(total);
  // Each buffer numbered its own sites; the run's table numbers them once.
  std::vector<const char*> seen;
  std::vector<uint32_t> global;
  for (size_t i = 0; i < used; ++i) {
    const Buffer& b = g_buffers[i];
    global.clear();
    for (const char* site : b.sites) {
      const auto it = std::find(seen.begin(), seen.end(), site);
      global.push_back(static_cast<uint32_t>(it - seen.begin()));
      if (it == seen.end()) {
        seen.push_back(site);
        sites.emplace_back(site);  // the kernel object is still loaded: copy now
      }
    }
    for (TraceRecord r : b.records) {
      if (is_profile_marker(r.kind) && marker_site(r) < global.size()) set_marker_site(r, global[marker_site(r)]);
      all.push_back(r);
    }
  }
  return all;
}

}  // namespace zyxtt::emu
