// Circular buffers as on silicon: shared 16-bit received/acked counters,
// per-role private pointers that wrap only on hitting the limit exactly.
#include <algorithm>

#include <fmt/format.h>

#include "device/emu/run_context.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/dataflow/findings.h"
#include "device/emu/krt_impl.h"
#include "device/emu/sched/progress.h"
#include "device/emu/trace/recorder.h"

namespace zyxtt::emu {

// configure_cb sets every field of CbState: one added there must be set here too.
static_assert(sizeof(CbState) == 22 * sizeof(uint32_t), "configure_cb must set every CbState field");

void configure_cb(CoreState& core, uint32_t index, uint32_t base, uint32_t page_bytes, uint32_t num_pages,
                  uint32_t data_format, bool on_buffer, TileGeometry tile) {
  CbState& cb = core.cbs[index];
  core.configured_cbs |= uint64_t{1} << index;
  // Field by field: every run configures every CB of every core here.
  cb.configured = true;
  cb.on_buffer = on_buffer;
  cb.data_format = data_format;
  cb.page_bytes = page_bytes;
  cb.num_pages = num_pages;
  cb.tile_rows = static_cast<uint16_t>(tile.rows);
  cb.tile_cols = static_cast<uint16_t>(tile.cols);
  cb.base = base;
  cb.limit = base + page_bytes * num_pages;
  std::fill(std::begin(cb.rd_ptr), std::end(cb.rd_ptr), base);
  std::fill(std::begin(cb.wr_ptr), std::end(cb.wr_ptr), base);
  cb.pages_received = cb.pages_acked = 0;
  std::fill(std::begin(cb.reserved), std::end(cb.reserved), 0);
  std::fill(std::begin(cb.waited), std::end(cb.waited), 0);
  cb.pack_cursor = 0;
}

namespace {

// Failure reports stay out of line so that the checks on every CB call inline.
[[noreturn, gnu::cold, gnu::noinline]] void fail_cb_id(const char* call, uint32_t cb) {
  if (cb >= kMaxCbs) fail_run(fmt::format("{}: CB {} does not exist (ids 0..{})", call, cb, kMaxCbs - 1));
  fail_run(fmt::format("{}: CB {} is not configured on this core", call, cb));
}

inline CbState& cb_of(KernelInstance& k, uint32_t cb, const char* call) {
  if (cb >= kMaxCbs || !k.core->cbs[cb].configured) [[unlikely]] fail_cb_id(call, cb);
  return k.core->cbs[cb];
}

std::string counters(const CbState& c) {
  return fmt::format("received {}, acked {}, {} pages of {} B", c.pages_received & 0xFFFF, c.pages_acked & 0xFFFF,
                     c.num_pages, c.page_bytes);
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_cb(const char* call, uint32_t cb, uint32_t pages, const CbState& c, const std::string& why) {
  fail_run(fmt::format("{}(CB {}, {} pages): {} ({})", call, cb, pages, why, counters(c)));
}

uint32_t page_index(const CbState& c, uint32_t ptr) { return c.page_bytes ? (ptr - c.base) / c.page_bytes : 0; }

bool reserve_ready(const KernelInstance& k, const Wait& w) { return df::cb_free(k.core->cbs[w.cb]) >= w.pages; }
bool wait_ready(const KernelInstance& k, const Wait& w) { return df::cb_used(k.core->cbs[w.cb]) >= w.pages; }

// Parks the calling kernel until `ready` says the pages are there, then syncs its model clock.
template <class Sync>
void block_on_pages(const KernelInstance& k, const char* call, bool (*ready)(const KernelInstance&, const Wait&),
                    TraceKind kind, uint32_t cb, uint32_t pages, const char* file, uint32_t line, Sync&& sync) {
  Wait w;
  w.call = call;
  w.file = file;
  w.line = line;
  w.ready = ready;
  w.cb = cb;
  w.pages = pages;
  block_traced(k, w, kind, cb, pages, 0, sync);
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_window(const char* call, uint32_t cb, uint32_t n, const CbState& c,
                                                         uint32_t ptr, const char* what) {
  if (n > c.num_pages) fail_cb(call, cb, n, c, fmt::format("the CB holds only {} pages", c.num_pages));
  fail_cb(call, cb, n, c,
          fmt::format("the {} at page {} runs past the end of the CB; it never wraps, so pushes and pops must "
                      "sum to exactly {} pages per cycle",
                      what, page_index(c, ptr), c.num_pages));
}

// Reservations and wait windows are contiguous: they may not run past the limit.
inline void check_window(const char* call, uint32_t cb, uint32_t n, const CbState& c, uint32_t ptr, const char* what) {
  if (n > c.num_pages || uint64_t{ptr} + uint64_t{n} * c.page_bytes > c.limit) [[unlikely]]
    fail_window(call, cb, n, c, ptr, what);
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_advance(const char* call, uint32_t cb, uint32_t n, const CbState& c,
                                                          uint32_t ptr) {
  fail_cb(call, cb, n, c, fmt::format("moving the pointer from page {} runs past the end of the CB", page_index(c, ptr)));
}

// Advances a private pointer by n pages, wrapping only on the exact limit.
inline uint32_t advance(const char* call, uint32_t cb, uint32_t n, const CbState& c, uint32_t ptr) {
  const uint64_t next = uint64_t{ptr} + uint64_t{n} * c.page_bytes;
  if (next > c.limit) [[unlikely]] fail_advance(call, cb, n, c, ptr);
  return next == c.limit ? c.base : static_cast<uint32_t>(next);
}

// Out of line, so that the checks on every push and pop need no large frame.
// A push past the kernel's reservation: silicon only counts, so pages that
// were free hold what was written there.
[[gnu::cold, gnu::noinline]] void push_unreserved(KernelInstance& k, CbState& c, uint32_t cb, uint32_t pages,
                                                  const char* file, uint32_t line) {
  const uint32_t r = df::role_index(k);
  const std::string why = fmt::format("only {} pages are reserved by this kernel (cb_reserve_back missing or too small)",
                                      c.reserved[r]);
  if (pages > df::cb_free(c)) fail_cb("cb_push_back", cb, pages, c, why + " and the CB has no room for them");
  report_finding(k, "cb_push_back", file, line,
                 fmt::format("{} page(s) of CB {} pushed without cb_reserve_back; {}, and they were free", pages,
                             cb, why));
  c.reserved[r] = pages;
}

// A pop past what the kernel waited for.
[[gnu::cold, gnu::noinline]] void pop_unwaited(KernelInstance& k, CbState& c, uint32_t cb, uint32_t pages,
                                               const char* file, uint32_t line) {
  const uint32_t r = df::role_index(k);
  const std::string why = fmt::format("only {} pages were waited for by this kernel (cb_wait_front missing or too small)",
                                      c.waited[r]);
  if (pages <= df::cb_used(c)) {
    report_finding(k, "cb_pop_front", file, line,
                   fmt::format("{} page(s) of CB {} popped without cb_wait_front; {}, and they had been pushed",
                               pages, cb, why));
  } else if (c.on_buffer) {
    // A CB on an L1 buffer holds the buffer's data without pushes (tt-metal's
    // vecadd_sharding reads it so): silicon's counters just run ahead.
    report_finding(k, "cb_pop_front", file, line,
                   fmt::format("{} page(s) of CB {} popped without cb_wait_front; {}; the CB lies on an L1 buffer, "
                               "whose pages hold its data",
                               pages, cb, why));
    timing::stamp(k.core->cb_times[cb].push, c.pages_received, c.pages_acked + pages, k.model.now);
    df::store(c.pages_received, c.pages_acked + pages);
  } else {
    fail_cb("cb_pop_front", cb, pages, c, why + " and fewer were pushed");
  }
  c.waited[r] = pages;
}

}  // namespace
}  // namespace zyxtt::emu

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

void cb_reserve_back(uint32_t cb, uint32_t pages, const char* file, uint32_t line) {
  KernelInstance& k = current();
  CbState& c = cb_of(k, cb, "cb_reserve_back");
  const uint32_t r = df::role_index(k);
  check_window("cb_reserve_back", cb, pages, c, c.wr_ptr[r], "reservation");
  // The room comes from the pop that freed the last of it.
  auto sync = [&] {
    if (c.pages_received + pages > c.pages_acked + c.num_pages)
      timing::sync_to(k.model.now, k.core->cb_times[cb].pop, c.pages_acked, c.pages_received + pages - c.num_pages);
  };
  if (df::cb_free(c) < pages) {
    block_on_pages(k, "cb_reserve_back", reserve_ready, TraceKind::kCbReserve, cb, pages, file, line, sync);
  } else {
    sync_traced(k, TraceKind::kCbReserve, cb, pages, 0, line, sync);
  }
  c.reserved[r] = std::max(c.reserved[r], pages);
}

void cb_push_back(uint32_t cb, uint32_t pages, const char* file, uint32_t line) {
  KernelInstance& k = current();
  const AtSite site(k, file, line);
  CbState& c = cb_of(k, cb, "cb_push_back");
  const uint32_t r = df::role_index(k);
  if (pages > c.reserved[r]) [[unlikely]] push_unreserved(k, c, cb, pages, file, line);
  c.wr_ptr[r] = advance("cb_push_back", cb, pages, c, c.wr_ptr[r]);
  c.reserved[r] -= pages;
  c.pack_cursor = 0;
  timing::stamp(k.core->cb_times[cb].push, c.pages_received, c.pages_received + pages, k.model.now);
  df::store(c.pages_received, c.pages_received + pages);
  count_progress();
  if (k.trace) [[unlikely]] trace_instant(k, TraceKind::kPush, cb, pages);
  if (df::cb_used(c) > c.num_pages) {
    fail_cb("cb_push_back", cb, pages, c, "more pages pushed than the CB holds");
  }
}

void cb_wait_front(uint32_t cb, uint32_t pages, const char* file, uint32_t line) {
  KernelInstance& k = current();
  CbState& c = cb_of(k, cb, "cb_wait_front");
  const uint32_t r = df::role_index(k);
  check_window("cb_wait_front", cb, pages, c, c.rd_ptr[r], "wait window");
  auto sync = [&] {
    timing::sync_to(k.model.now, k.core->cb_times[cb].push, c.pages_received, c.pages_acked + pages);
  };
  if (df::cb_used(c) < pages) {
    block_on_pages(k, "cb_wait_front", wait_ready, TraceKind::kCbWait, cb, pages, file, line, sync);
  } else {
    sync_traced(k, TraceKind::kCbWait, cb, pages, 0, line, sync);
  }
  c.waited[r] = std::max(c.waited[r], pages);
}

void cb_pop_front(uint32_t cb, uint32_t pages, const char* file, uint32_t line) {
  KernelInstance& k = current();
  const AtSite site(k, file, line);
  CbState& c = cb_of(k, cb, "cb_pop_front");
  const uint32_t r = df::role_index(k);
  if (pages > c.waited[r]) [[unlikely]] pop_unwaited(k, c, cb, pages, file, line);
  c.rd_ptr[r] = advance("cb_pop_front", cb, pages, c, c.rd_ptr[r]);
  c.waited[r] -= pages;
  timing::stamp(k.core->cb_times[cb].pop, c.pages_acked, c.pages_acked + pages, k.model.now);
  df::store(c.pages_acked, c.pages_acked + pages);
  count_progress();
  if (k.trace) [[unlikely]] trace_instant(k, TraceKind::kPop, cb, pages);
}

// A successful probe counts as the reserve / wait it stands in for; probes
// never fail, a bad window is caught when the pointer moves.
bool cb_pages_reservable_at_back(uint32_t cb, uint32_t pages) {
  KernelInstance& k = current();
  CbState& c = cb_of(k, cb, "cb_pages_reservable_at_back");
  const uint32_t r = df::role_index(k);
  if (df::cb_free(c) < pages) return false;
  c.reserved[r] = std::max(c.reserved[r], pages);
  return true;
}

bool cb_pages_available_at_front(uint32_t cb, uint32_t pages) {
  KernelInstance& k = current();
  CbState& c = cb_of(k, cb, "cb_pages_available_at_front");
  const uint32_t r = df::role_index(k);
  if (df::cb_used(c) < pages) return false;
  c.waited[r] = std::max(c.waited[r], pages);
  return true;
}

uint32_t cb_write_ptr(uint32_t cb) {
  KernelInstance& k = current();
  return cb_of(k, cb, "get_write_ptr").wr_ptr[df::role_index(k)];
}
uint32_t cb_read_ptr(uint32_t cb) {
  KernelInstance& k = current();
  return cb_of(k, cb, "get_read_ptr").rd_ptr[df::role_index(k)];
}
uint32_t cb_window_addr(uint32_t cb, bool read_side, uint32_t offset) {
  KernelInstance& k = current();
  const char* call = read_side ? "CircularBuffer read pointer" : "CircularBuffer write pointer";
  CbState& c = cb_of(k, cb, call);
  const uint32_t r = df::role_index(k);
  const uint32_t pages = read_side ? c.waited[r] : c.reserved[r];
  // [wait, pop) and [reserve, push) are the only windows a kernel may touch.
  if (uint64_t{offset} >= uint64_t{pages} * c.page_bytes) {
    fail_run(fmt::format("{} of CB {} + offset {}: outside the {} page(s) of {} B this kernel {} ({})", call, cb,
                         offset, pages, c.page_bytes, read_side ? "waited for and has not popped" : "reserved and has not pushed",
                         counters(c)));
  }
  return (read_side ? c.rd_ptr[r] : c.wr_ptr[r]) + offset;
}
volatile uint32_t* cb_tiles_counter(uint32_t cb, bool acked) {
  cb_of(current(), cb, acked ? "get_cb_tiles_acked_ptr" : "get_cb_tiles_received_ptr");
  yield_now();
  KernelInstance& k = current();
  const CbState& c = k.core->cbs[cb];
  uint32_t& seen = k.cb_counter_seen[acked ? 1 : 0][cb];
  seen = (acked ? c.pages_acked : c.pages_received) & 0xFFFFu;
  return &seen;
}

uint32_t cb_page_bytes(uint32_t cb) { return cb_of(current(), cb, "get_tile_size").page_bytes; }
uint32_t cb_num_pages(uint32_t cb) { return cb_of(current(), cb, "cb_num_pages").num_pages; }
uint32_t cb_data_format(uint32_t cb) { return cb_of(current(), cb, "get_dataformat").data_format; }

}  // namespace zyxtt::emu::krt_impl
