// NOC transfers: copies at issue time, each range checked against one live
// DRAM buffer or the target core's L1, plus silicon's alignment rule.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "common/byte_range.h"
#include "common/log.h"
#include "device/emu/run_context.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/dataflow/block_copy.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/dataflow/findings.h"
#include "device/emu/krt_impl.h"
#include "device/emu/sched/progress.h"
#include "device/emu/trace/recorder.h"
#include "zyxtt/noc_addr.h"
#include "zyxtt/noc_regs.h"
#include "device/emu/dataflow/stream_regs.h"

namespace zyxtt::emu {
namespace {

std::atomic<bool> g_align_warned{false};

// One side of a transfer: host pointer plus the address the alignment rule
// looks at (bank-local for DRAM, offset inside L1 for cores).
struct End {
  uint8_t* p;
  uint64_t align_key;
  bool dram;
  CoreState* core = nullptr;  // the core whose L1 it is
  uint32_t bank = 0;          // the DRAM bank it is in
};

// Failure reports stay out of line so that the checks on every NOC call inline.
[[noreturn, gnu::cold, gnu::noinline]] void fail_noc_id(const char* call, uint8_t noc) {
  fail_run(fmt::format("{}: NOC {} does not exist (0 or 1)", call, noc));
}

inline NocCounters& counters_of(KernelInstance& k, uint8_t noc, const char* call) {
  if (noc > 1) [[unlikely]] fail_noc_id(call, noc);
  return k.noc_counters[noc];
}

std::string describe_region(const DramRegion& r) {
  return fmt::format("buffer at {:#x}..{:#x} ({} bytes per bank)", r.address, r.address + r.per_bank_bytes,
                     r.per_bank_bytes);
}

[[noreturn]] void fail_dram(const char* call, const char* side, uint32_t bank, uint64_t addr, uint32_t bytes) {
  const RunState& rs = current_run();
  std::string nearest = "no live DRAM buffers";
  if (!rs.buffers.empty()) {
    auto it = std::upper_bound(rs.buffers.begin(), rs.buffers.end(), addr,
                               [](uint64_t a, const DramRegion& r) { return a < r.address; });
    const DramRegion* best = nullptr;
    if (it != rs.buffers.begin()) best = &*std::prev(it);
    if (it != rs.buffers.end() && (best == nullptr || it->address - addr < addr - (best->address + best->per_bank_bytes)))
      best = &*it;
    nearest = "nearest " + describe_region(*best);
  }
  fail_run(fmt::format("{}: DRAM {} bank {} address {:#x} + {} bytes is not inside one live buffer; {}", call, side,
                       bank, addr, bytes, nearest));
}

// Whether [addr, addr + bytes) touches a live buffer other than the one that
// holds addr (if any).
bool touches_another_buffer(const RunState& rs, uint64_t addr, uint32_t bytes) {
  for (const DramRegion& r : rs.buffers) {
    const bool holds_start = addr >= r.address && addr < r.address + r.per_bank_bytes;
    if (!holds_start && byte_ranges_overlap(addr, addr + bytes, r.address, r.address + r.per_bank_bytes)) return true;
  }
  return false;
}

// Slow path of the DRAM check: find the buffer and remember it. A write that
// runs past its buffer into DRAM no live buffer holds (tt-metal's tests size
// a write by the CB's tile while the buffer is smaller) is a finding:
// silicon writes those bytes all the same and no buffer changes. Reading
// such DRAM, or touching another buffer, fails.
void find_dram_region(KernelInstance& k, const char* call, const char* side, uint32_t bank, uint64_t addr,
                      uint32_t bytes) {
  const RunState& rs = current_run();
  auto it = std::upper_bound(rs.buffers.begin(), rs.buffers.end(), addr,
                             [](uint64_t a, const DramRegion& r) { return a < r.address; });
  if (it != rs.buffers.begin()) {
    const DramRegion& r = *std::prev(it);
    if (addr + bytes <= r.address + r.per_bank_bytes) {
      k.noc_cache.remember(r.address, r.address + r.per_bank_bytes);
      return;
    }
  }
  if (std::string_view(side) == "destination" && addr + bytes <= rs.dram_bank_bytes &&
      !touches_another_buffer(rs, addr, bytes)) {
    report_finding(k, call, nullptr, 0,
                   fmt::format("DRAM bank {} address {:#x} + {} bytes is not inside one live buffer: the bytes outside "
                               "land in DRAM no buffer holds, as on silicon",
                               bank, addr, bytes));
    return;
  }
  fail_dram(call, side, bank, addr, bytes);
}

CoreState* find_core(KernelInstance& k, uint32_t x, uint32_t y) {
  if (k.core->noc_x == x && k.core->noc_y == y) return k.core;
  const RunState& rs = current_run();
  const std::optional<GridXY> at = worker_at_noc(*rs.arch, x, y);
  const uint32_t row = at && at->y >= rs.first_row ? at->y - rs.first_row : ~0u;  // wave-relative
  if (at && at->x < rs.cols && row < rs.rows) {
    CoreState* c = &rs.cores[row * rs.cols + at->x];
    if (c->noc_x == x && c->noc_y == y) return c;
  }
  for (uint32_t i = 0; i < rs.rows * rs.cols; ++i) {
    if (rs.cores[i].noc_x == x && rs.cores[i].noc_y == y) return &rs.cores[i];
  }
  if (const std::optional<uint32_t> channel = eth_at_noc(x, y); channel && rs.eth_cores != nullptr)
    return &rs.eth_cores[*channel];
  return nullptr;
}

// An L1 address names the same offset on every core (CBs and semaphores sit
// at one address grid-wide), so an address inside the caller's L1 maps to
// the same offset in the target's.
End l1_end(KernelInstance& k, CoreState& target, uint64_t addr, uint32_t bytes, const char* call, const char* side) {
  uint64_t off = addr - uint64_t{df::l1_base(target)};
  if (off >= target.l1_bytes) off = df::same_offset(*k.core, addr, target.l1_bytes);
  if (off >= target.l1_bytes || off + bytes > target.l1_bytes) {
    fail_run(fmt::format("{}: {} L1 address {:#x} + {} bytes is outside the L1 of core ({},{}) [{:#x}, {:#x})", call,
                         side, addr, bytes, target.x, target.y, df::l1_base(target),
                         uint64_t{df::l1_base(target)} + target.l1_bytes));
  }
  return End{target.l1 + off, off, false, &target};
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_local(const CoreState& c, uint32_t addr, uint32_t bytes,
                                                        const char* call, const char* side) {
  fail_run(fmt::format("{}: {} L1 address {:#x} + {} bytes is outside this core's L1 [{:#x}, {:#x})", call, side, addr,
                       bytes, df::l1_base(c), uint64_t{df::l1_base(c)} + c.l1_bytes));
}

inline End local_end(KernelInstance& k, uint32_t addr, uint32_t bytes, const char* call, const char* side) {
  const CoreState& c = *k.core;
  const uint64_t off = df::l1_offset(c, addr, bytes);
  if (off == ~0ull) [[unlikely]] fail_local(c, addr, bytes, call, side);
  return End{c.l1 + off, off, false, k.core};
}

// Slow path of a DRAM end: a bank that does not exist fails, else the
// buffer is looked up (and remembered) or the access fails.
[[gnu::cold, gnu::noinline]] void check_dram_slow(KernelInstance& k, uint64_t noc_addr, uint32_t bytes, const char* call,
                                                  const char* side) {
  const RunState& rs = current_run();
  const uint32_t y = noc::y_of(noc_addr);
  if (y >= rs.dram_banks) {
    fail_run(fmt::format("{}: {} NOC address {:#x} names DRAM bank {}, but there are {} banks", call, side, noc_addr, y,
                         rs.dram_banks));
  }
  find_dram_region(k, call, side, y, noc::local_of(noc_addr), bytes);
}

End core_end(KernelInstance& k, uint64_t noc_addr, uint32_t bytes, const char* call, const char* side);

// A read of another core's stream registers: their values, word by word, in
// a buffer the copy that follows reads from. Writes reach them only as
// inline writes (noc_inline_dw_write), as on silicon.
[[gnu::cold, gnu::noinline]] End stream_regs_end(KernelInstance& k, CoreState& c, uint64_t addr, uint32_t bytes,
                                                 const char* call, const char* side) {
  constexpr uint32_t kMaxWords = 16;
  thread_local uint32_t values[kMaxWords];
  const uint32_t first = noc_regs::reg_of(addr);
  if (std::string_view(side) != "source" || addr % 4 != 0 || bytes % 4 != 0 || bytes > 4 * kMaxWords ||
      first + bytes / 4 > noc_regs::kStreamSpace / 4) {
    fail_run(fmt::format("{}: {} NOC address {:#x} + {} bytes: stream registers are read by whole words (up to {} "
                         "bytes within one stream) and written with noc_inline_dw_write",
                         call, side, addr, bytes, 4 * kMaxWords));
  }
  for (uint32_t i = 0; i < bytes / 4; ++i)
    values[i] = k.run->stream_regs->read(c, noc_regs::stream_of(addr), first + i, call);
  return End{reinterpret_cast<uint8_t*>(values), addr, false, &c};
}

inline End noc_end(KernelInstance& k, uint64_t noc_addr, uint32_t bytes, const char* call, const char* side) {
  if (noc::x_of(noc_addr) != noc::kDramX) return core_end(k, noc_addr, bytes, call, side);
  const uint32_t y = noc::y_of(noc_addr);
  const uint64_t addr = noc::local_of(noc_addr);
  const RunState& rs = current_run();
  if (y >= rs.dram_banks || !k.noc_cache.holds(addr, bytes)) [[unlikely]]
    check_dram_slow(k, noc_addr, bytes, call, side);
  return End{rs.dram + y * rs.dram_bank_bytes + addr, addr, true, nullptr, y};
}

// An end in a core's L1 (this core's or another's).
End core_end(KernelInstance& k, uint64_t noc_addr, uint32_t bytes, const char* call, const char* side) {
  const uint32_t x = noc::x_of(noc_addr);
  const uint32_t y = noc::y_of(noc_addr);
  const uint64_t addr = noc::local_of(noc_addr);
  CoreState* c = find_core(k, x, y);
  if (c == nullptr) [[unlikely]] {
    fail_run(fmt::format("{}: {} NOC address {:#x} names ({},{}), which is neither a DRAM bank nor a worker or ethernet core", call,
                         side, noc_addr, x, y));
  }
  if (noc_regs::is_stream_reg(addr)) [[unlikely]] return stream_regs_end(k, *c, addr, bytes, call, side);
  return l1_end(k, *c, addr, bytes, call, side);
}

std::string end_name(const End& e, const char* side) {
  return e.dram ? fmt::format("{} DRAM address {:#x}", side, e.align_key)
                : fmt::format("{} L1 offset {:#x}", side, e.align_key);
}

void misaligned(const char* call, const End& src, const End& dst, uint32_t a) {
  const RunState& rs = current_run();
  if (rs.align_policy == AlignPolicy::kIgnore) return;
  const std::string what = fmt::format(
      "{}: {} and {} differ modulo {} ({} vs {}); silicon would deliver shifted data", call, end_name(src, "source"),
      end_name(dst, "destination"), a, src.align_key % a, dst.align_key % a);
  if (rs.align_policy == AlignPolicy::kError) {
    fail_run(what + "; to copy what the kernel means anyway, use " + option_hint(rs.hints, "noc-alignment", "warn"));
  }
  if (!g_align_warned.exchange(true)) {
    emulator_log().warn("{} (shown once per run; {} refuses it)", what,
                        option_hint(rs.hints, "noc-alignment", "error"));
  }
}

inline void check_align(const char* call, const End& src, const End& dst, uint32_t a) {
  if (((src.align_key ^ dst.align_key) & (a - 1)) != 0) [[unlikely]] misaligned(call, src, dst, a);
}

inline void copy(uint8_t* d, const uint8_t* s, uint32_t bytes) {
  switch (bytes) {
    case 2: std::memcpy(d, s, 2); break;
    case 4: std::memcpy(d, s, 4); break;
    case 8: std::memcpy(d, s, 8); break;
    default: block_copy(d, s, bytes);
  }
}

End word_at(KernelInstance& k, uint64_t noc_addr, const char* call) {
  if (noc::x_of(noc_addr) == noc::kDramX) {
    fail_run(fmt::format("{}: NOC address {:#x} is in DRAM bank {}; only L1 words can be targeted", call, noc_addr,
                         noc::y_of(noc_addr)));
  }
  const End e = noc_end(k, noc_addr, 4, call, "destination");
  if (e.align_key % 4 != 0) fail_run(fmt::format("{}: L1 address {:#x} is not 4-byte aligned", call, noc_addr));
  return e;
}

using timing::kNocCost;

inline timing::NocXY noc_xy(const CoreState& c) { return {c.noc_x, c.noc_y}; }

// Timing model: a transfer between `far` (DRAM or a core's L1) and this
// core, into this core when `inbound` (a read); returns when it lands, no
// sooner than the links, the ejection port and the DRAM bank it shares let it.
[[gnu::noinline]] uint64_t contend(KernelInstance& k, uint8_t noc, uint64_t bytes, const End& far, bool inbound,
                                   uint64_t start) {
  timing::LinkLoad& links = *k.run->links;
  const timing::NocXY here = noc_xy(*k.core), there = far.dram ? timing::dram_endpoint(far.bank) : noc_xy(*far.core);
  uint64_t done = inbound ? links.route(noc, there, here, start, bytes) : links.route(noc, here, there, start, bytes);
  if (far.dram) done = std::max(done, links.bank(far.bank, start, bytes));
  return done;
}
inline uint64_t model_transfer(KernelInstance& k, uint8_t noc, uint64_t bytes, const End& far, bool inbound) {
  // Without contention counted, a DRAM transfer runs at the core's share of the banks.
  const bool counted = k.run->links != nullptr;
  uint64_t start;
  const uint64_t landed =
      timing::transfer(k.model, noc, bytes, far.dram && !counted ? k.run->dram_share_cost : kNocCost,
                       far.dram ? timing::kDramLatency : timing::kNocL1Latency, start);
  if (!counted || bytes < timing::kLinkMinBytes) return landed;
  return std::max(landed, contend(k, noc, bytes, far, inbound, start));
}
inline void model_write(KernelInstance& k, uint8_t noc, uint64_t landed, const End& dst) {
  uint64_t& done = k.model.writes_done[noc & 1];
  done = std::max(done, landed);
  if (dst.core != nullptr) timing::note_landing(dst.core->l1_landed, landed);
}

// Records a write issued at `begin` (model: `model_begin`, landing at
// `landed`) into `noc_addr`, when that is a core's L1 (a flow in the trace);
// writes into DRAM are not recorded.
[[gnu::noinline]] void trace_write(KernelInstance& k, TraceKind kind, uint64_t noc_addr, uint32_t bytes,
                                   uint32_t extra, uint64_t begin, uint64_t model_begin, uint64_t landed) {
  if (noc::x_of(noc_addr) == noc::kDramX) return;
  const CoreState* to = find_core(k, noc::x_of(noc_addr), noc::y_of(noc_addr));
  if (to == nullptr) return;
  trace_append(k, TraceRecord{.begin_ns = begin, .end_ns = trace_now(), .model_begin = model_begin,
                              .model_end = landed, .a = bytes, .b = extra,
                              .to_x = static_cast<uint16_t>(to->x), .to_y = static_cast<uint16_t>(to->y),
                              .kind = kind});
}

// An inline write into a core's stream register: the register takes the
// whole word (its side effects need it), so every byte must be enabled.
[[gnu::cold, gnu::noinline]] void stream_reg_inline_write(KernelInstance& k, NocCounters& n, uint64_t dst_noc_addr,
                                                          uint32_t value, uint8_t byte_enable, uint8_t noc) {
  const uint64_t addr = noc::local_of(dst_noc_addr);
  CoreState* c = find_core(k, noc::x_of(dst_noc_addr), noc::y_of(dst_noc_addr));
  if (c == nullptr || addr % 4 != 0 || (byte_enable & 0xF) != 0xF) {
    fail_run(fmt::format("noc_inline_dw_write: NOC address {:#x} (byte enable {:#x}) is not a whole, aligned stream "
                         "register of a worker or ethernet core",
                         dst_noc_addr, byte_enable));
  }
  ++n.writes_issued;
  count_progress();
  k.run->stream_regs->write(*c, noc_regs::stream_of(addr), noc_regs::reg_of(addr), value, "noc_inline_dw_write");
  const End e{nullptr, addr, false, c};
  model_write(k, noc, model_transfer(k, noc, 4, e, false), e);
}

}  // namespace

void reset_dataflow_warnings() {
  g_align_warned.store(false);
  reset_findings();
}

}  // namespace zyxtt::emu

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

void noc_read(uint64_t src_noc_addr, uint32_t dst_l1_addr, uint32_t bytes, uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_read");
  ++n.reads_issued;
  count_progress();
  if (bytes == 0) return;
  const End src = noc_end(k, src_noc_addr, bytes, "noc_async_read", "source");
  const End dst = local_end(k, dst_l1_addr, bytes, "noc_async_read", "destination");
  const RunState& rs = current_run();
  check_align("noc_async_read", src, dst, src.dram ? rs.dram_alignment : rs.l1_alignment);
  copy(dst.p, src.p, bytes);
  uint64_t& done = k.model.reads_done[noc & 1];
  done = std::max(done, model_transfer(k, noc, bytes, src, true));
}

void noc_write(uint32_t src_l1_addr, uint64_t dst_noc_addr, uint32_t bytes, uint8_t noc, bool posted) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_write");
  ++(posted ? n.posted_issued : n.writes_issued);
  count_progress();
  if (bytes == 0) return;
  const End src = local_end(k, src_l1_addr, bytes, "noc_async_write", "source");
  const End dst = noc_end(k, dst_noc_addr, bytes, "noc_async_write", "destination");
  check_align("noc_async_write", src, dst, current_run().l1_alignment);
  const uint64_t model_begin = k.model.now;
  const uint64_t landed = model_transfer(k, noc, bytes, dst, false);
  model_write(k, noc, landed, dst);
  if (k.trace) [[unlikely]] {
    const uint64_t begin = trace_now();
    copy(dst.p, src.p, bytes);
    return trace_write(k, TraceKind::kNocWrite, dst_noc_addr, bytes, 0, begin, model_begin, landed);
  }
  copy(dst.p, src.p, bytes);
}

void noc_write_multicast(uint32_t src_l1_addr, uint64_t dst_mcast_addr, uint32_t bytes, uint32_t num_dests,
                         bool include_self, uint8_t noc) {
  static constexpr const char* kCall = "noc_async_write_multicast";
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, kCall);
  ++n.writes_issued;
  count_progress();
  const RunState& rs = current_run();
  const End src = local_end(k, src_l1_addr, bytes, kCall, "source");
  // NOC 1 users pass the rectangle corners the other way round.
  const uint32_t x0 = std::min(noc::x_start_of(dst_mcast_addr), noc::x_of(dst_mcast_addr));
  const uint32_t x1 = std::max(noc::x_start_of(dst_mcast_addr), noc::x_of(dst_mcast_addr));
  const uint32_t y0 = std::min(noc::y_start_of(dst_mcast_addr), noc::y_of(dst_mcast_addr));
  const uint32_t y1 = std::max(noc::y_start_of(dst_mcast_addr), noc::y_of(dst_mcast_addr));
  if (x0 <= noc::kDramX) fail_run(fmt::format("{}: the rectangle x {}..{} includes DRAM; multicast reaches only Tensix cores", kCall, x0, x1));
  const uint64_t addr = noc::local_of(dst_mcast_addr);
  // The NOC replicates one packet: the sender pays for it once.
  const uint64_t model_begin = k.model.now;
  uint64_t start;
  uint64_t landed = timing::transfer(k.model, noc, bytes, kNocCost, timing::kNocL1Latency, start);
  // Links: the route to the rectangle's far corner (in the NOC's direction),
  // then each other destination's ejection port.
  timing::LinkLoad* links = bytes >= timing::kLinkMinBytes ? rs.links : nullptr;
  const timing::NocXY corner = (noc & 1) == 0 ? timing::NocXY{x1, y1} : timing::NocXY{x0, y0};
  if (links != nullptr) landed = std::max(landed, links->route(noc, noc_xy(*k.core), corner, start, bytes));
  uint64_t latest = landed;
  uint32_t hits = 0;
  for (uint32_t i = 0; i < rs.rows * rs.cols; ++i) {
    CoreState& c = rs.cores[i];
    if (c.noc_x < x0 || c.noc_x > x1 || c.noc_y < y0 || c.noc_y > y1) continue;
    if (&c == k.core && !include_self) continue;
    ++hits;
    if (bytes == 0) continue;
    const End dst = l1_end(k, c, addr, bytes, kCall, "destination");
    check_align(kCall, src, dst, rs.l1_alignment);
    const uint64_t begin = k.trace ? trace_now() : 0;
    copy(dst.p, src.p, bytes);
    uint64_t here = landed;
    if (links != nullptr && (c.noc_x != corner.x || c.noc_y != corner.y))
      here = std::max(here, links->eject(noc, noc_xy(c), start, bytes));
    latest = std::max(latest, here);
    timing::note_landing(c.l1_landed, here);
    if (k.trace) [[unlikely]] {
      trace_append(k, TraceRecord{.begin_ns = begin, .end_ns = trace_now(), .model_begin = model_begin,
                                  .model_end = here, .a = bytes,
                                  .to_x = static_cast<uint16_t>(c.x), .to_y = static_cast<uint16_t>(c.y),
                                  .kind = TraceKind::kNocMulticast});
    }
  }
  k.model.writes_done[noc & 1] = std::max(k.model.writes_done[noc & 1], latest);
  if (hits != num_dests) {
    fail_run(fmt::format("{}: the rectangle ({},{})-({},{}) holds {} destination cores{} but num_dests is {}", kCall,
                         x0, y0, x1, y1, hits, include_self ? " (sender included)" : " (sender excluded)", num_dests));
  }
}

void noc_inline_write(uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable, uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_inline_dw_write");
  if (noc::x_of(dst_noc_addr) != noc::kDramX && noc_regs::is_stream_reg(noc::local_of(dst_noc_addr))) [[unlikely]]
    return stream_reg_inline_write(k, n, dst_noc_addr, value, byte_enable, noc);
  const End e = word_at(k, dst_noc_addr, "noc_inline_dw_write");
  uint8_t* p = e.p;
  ++n.writes_issued;
  count_progress();
  const uint64_t begin = k.trace ? trace_now() : 0;
  for (int i = 0; i < 4; ++i) {
    if (byte_enable & (1u << i)) p[i] = uint8_t(value >> (8 * i));
  }
  const uint64_t model_begin = k.model.now;
  const uint64_t landed = model_transfer(k, noc, 4, e, false);
  model_write(k, noc, landed, e);
  if (k.trace) [[unlikely]]
    trace_write(k, TraceKind::kNocInlineWrite, dst_noc_addr, 4, value, begin, model_begin, landed);
}

void noc_atomic_inc(uint64_t dst_noc_addr, uint32_t increment, uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_semaphore_inc");
  const End e = word_at(k, dst_noc_addr, "noc_semaphore_inc");
  uint32_t* w = reinterpret_cast<uint32_t*>(e.p);
  ++n.atomics_issued;
  count_progress();
  const uint64_t begin = k.trace ? trace_now() : 0;
  // Landed before the increment shows: a waiter that sees it syncs to it.
  const uint64_t model_begin = k.model.now;
  const uint64_t landed = model_transfer(k, noc, 4, e, false);
  model_write(k, noc, landed, e);
  std::atomic_ref<uint32_t>(*w).fetch_add(increment, std::memory_order_acq_rel);
  if (k.trace) [[unlikely]]
    trace_write(k, TraceKind::kNocAtomic, dst_noc_addr, 4, increment, begin, model_begin, landed);
}

// A barrier waits only on the model's clock: a span there when traced.
inline void barrier_traced(KernelInstance& k, NocBarrier which, uint8_t noc, const uint64_t (&done)[2]) {
  sync_traced(k, TraceKind::kNocBarrier, static_cast<uint32_t>(which), noc & 1u, 0, 0,
              [&] { timing::barrier(k.model, done, noc); });
}

// Copies complete at issue; the model's clock waits for them to land.
void noc_read_barrier(uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_read_barrier");
  n.reads_barriered = n.reads_issued;
  barrier_traced(k, NocBarrier::kRead, noc, k.model.reads_done);
}
void noc_write_barrier(uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_write_barrier");
  n.writes_sent = n.writes_issued;
  barrier_traced(k, NocBarrier::kWrite, noc, k.model.writes_done);
}
// Flushed: the data has left this core's L1, not landed.
void noc_writes_flushed(uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_writes_flushed");
  n.writes_sent = n.writes_issued;
  n.posted_flushed = n.posted_issued;
  barrier_traced(k, NocBarrier::kWritesFlushed, noc, k.model.port_free);
}
void noc_atomic_barrier(uint8_t noc) {
  KernelInstance& k = current();
  NocCounters& n = counters_of(k, noc, "noc_async_atomic_barrier");
  n.atomics_barriered = n.atomics_issued;
  barrier_traced(k, NocBarrier::kAtomic, noc, k.model.writes_done);
}

}  // namespace zyxtt::emu::krt_impl
