#include "device/emu/trace/recorder.h"

#include <array>
#include <atomic>

namespace zyxtt::emu {
namespace {

constexpr size_t kMaxBuffers = 64;  // the scheduler's threads (--threads is at most 64)

struct alignas(64) Buffer {
  std::vector<TraceRecord> records;
  uint64_t dropped = 0;
};

std::array<Buffer, kMaxBuffers> g_buffers;
std::atomic<size_t> g_taken{0};       // buffers handed out this run
std::atomic<uint64_t> g_run{1};       // the run being recorded
std::atomic<uint64_t> g_overflow{0};  // records of threads beyond kMaxBuffers

// The calling thread's buffer for the current run; taken on its first record.
thread_local Buffer* t_buffer = nullptr;
thread_local uint64_t t_run = 0;

}  // namespace

void trace_append(const KernelInstance& k, TraceRecord r) {
  const uint64_t run = g_run.load(std::memory_order_relaxed);
  if (t_run != run) {
    const size_t i = g_taken.fetch_add(1, std::memory_order_relaxed);
    t_buffer = i < kMaxBuffers ? &g_buffers[i] : nullptr;
    t_run = run;
  }
  if (t_buffer == nullptr) {
    g_overflow.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (t_buffer->records.size() >= kTraceRecordsPerThread) {
    ++t_buffer->dropped;
    return;
  }
  r.x = static_cast<uint16_t>(k.core->x);
  r.y = static_cast<uint16_t>(k.core->y);
  r.role = static_cast<uint8_t>(k.role);
  t_buffer->records.push_back(r);
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
    }
  } span{k};
  const int result = k.traced_entry();
  span.returned = true;
  return result;
}

void trace_begin_run() {
  const size_t used = std::min(g_taken.load(), kMaxBuffers);
  for (size_t i = 0; i < used; ++i) {
    g_buffers[i].records.clear();
    g_buffers[i].dropped = 0;
  }
  g_taken = 0;
  g_overflow = 0;
  g_run.fetch_add(1);
}

std::vector<TraceRecord> trace_collect(uint64_t& dropped) {
  const size_t used = std::min(g_taken.load(), kMaxBuffers);
  size_t total = 0;
  dropped = g_overflow.load();
  for (size_t i = 0; i < used; ++i) {
    total += g_buffers[i].records.size();
    dropped += g_buffers[i].dropped;
  }
  std::vector<TraceRecord> all;
  all.reserve(total);
  for (size_t i = 0; i < used; ++i)
    all.insert(all.end(), g_buffers[i].records.begin(), g_buffers[i].records.end());
  return all;
}

}  // namespace zyxtt::emu
