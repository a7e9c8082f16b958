// The compute krt calls (src/device/emu/krt_impl.h) on the calling
// instance's core: DST handshake, unpack, pack and the math dispatch.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/log.h"
#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"
#include "device/emu/compute/tile_shapes.h"
#include "zyxtt/data_format.h"
#include "zyxtt/format_facts.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/dataflow/findings.h"
#include "device/emu/krt_impl.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/progress.h"

namespace zyxtt::emu::compute {

// The DST tiles in `mask` read as zero from now on (cleared lazily, see
// ComputeState::dst_stale).
static void zero_dst(ComputeState& cs, uint32_t mask) { cs.dst_stale |= mask; }

void reset_compute_state(ComputeState& cs, bool fp32_dest_acc, bool dst_full_sync, uint32_t math_fidelity) {
  zero_dst(cs, ~0u);
  cs.fp32_dest_acc = fp32_dest_acc;
  cs.dst_capacity = dst_capacity(fp32_dest_acc, dst_full_sync);
  cs.fidelity_phases = fidelity_phases(math_fidelity);
  cs.phase = ComputeState::DstPhase::kIdle;
  cs.dst_legacy = false;
  cs.pack_waited_early = cs.packed_early = false;
  cs.pack_l1_acc = false;
  cs.fpu_acc_to_dest = false;
  cs.matmul_transpose = 0;
  cs.reduce_block_ct_dim = 1;
  cs.matmul_operands = {};
  cs.pack_relu_mode = cs.pack_relu_threshold = 0;
  cs.dst_written = 0;
  // 2 KiB per core per run: cleared only when a kernel of the last run took them.
  if (cs.sfpu_lregs_taken) cs.sfpu_lregs.fill(0);
  cs.sfpu_lregs_taken = false;
  cs.unpack_cb = cs.unpack_cb_b = cs.pack_cb = 0;
}

void configure_compute(ComputeState& cs, const zyxtt_kernel_info* record) {
  if (record == nullptr) return reset_compute_state(cs, true, false);
  reset_compute_state(cs, record->fp32_dest_acc != 0, record->dst_full_sync != 0, record->math_fidelity);
}

namespace {

using Phase = ComputeState::DstPhase;
constexpr uint32_t kComputeRole = static_cast<uint32_t>(krt::Role::kCompute);

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kIdle: return "idle";
    case Phase::kAcquired: return "acquired by math (after tile_regs_acquire)";
    case Phase::kCommitted: return "committed to pack (after tile_regs_commit)";
    case Phase::kWaited: return "held by pack (after tile_regs_wait)";
  }
  return "?";
}

ComputeState& state() { return current().core->compute; }

// Timing model (timing/model.h): what each op costs the compute kernel's
// clock. One clock plays unpack, math and pack: an FPU op takes the longer
// of its operands' unpack and its math, which overlap on silicon; the two
// operands unpack side by side (SrcA and SrcB have an unpacker each).
void charge(uint64_t cycles) { current().model.now += cycles; }
uint64_t unpack_cycles(uint32_t cb, uint64_t tiles = 1) {
  return timing::bytes_cycles(tiles * current().core->cbs[cb % kMaxCbs].page_bytes, timing::kUnpackBytesPerCycle);
}
uint64_t pack_cycles(uint32_t cb, uint64_t tiles = 1) {
  return timing::bytes_cycles(tiles * current().core->cbs[cb % kMaxCbs].page_bytes, timing::kPackBytesPerCycle);
}
uint64_t eltwise_cycles(krt::FpuBinaryOp op, uint32_t phases) {
  return op == krt::FpuBinaryOp::kMul ? timing::kEltwiseCycles * phases : timing::kEltwiseCycles;
}

L1Encoding encoding_of(const ComputeState& cs) { return {cs.bfp4_high_nibble_first, cs.int8_dst}; }

[[noreturn]] void fail_phase(const char* call, const ComputeState& cs, const char* expected) {
  fail_run(std::string(call) + ": DST is " + phase_name(cs.phase) + ", expected " + expected +
           " (order: tile_regs_acquire, tile_regs_commit, tile_regs_wait, tile_regs_release)");
}

// Math-side calls run between acquire and commit.
void require_math(const ComputeState& cs, const char* call) {
  if (cs.phase != Phase::kAcquired) fail_phase(call, cs, "acquired (call tile_regs_acquire first)");
  if (cs.packed_early) [[unlikely]] {
    fail_run(std::string(call) + ": a math op after pack_tile and before tile_regs_commit, with tile_regs_wait "
                                 "before the commit: silicon's packer waits for the commit and would pack this op's "
                                 "result too; commit before packing");
  }
}

// Pack runs between wait and release (or inside acquire_dst / release_dst),
// or after a wait that came before the commit (pack_waited_early).
void require_pack(ComputeState& cs, const char* call) {
  if (cs.phase == Phase::kWaited || (cs.dst_legacy && cs.phase == Phase::kAcquired)) return;
  if (cs.phase == Phase::kAcquired && cs.pack_waited_early) {
    cs.packed_early = true;
    return;
  }
  fail_phase(call, cs, "held by pack (call tile_regs_commit and tile_regs_wait first)");
}

void check_dst_index(const ComputeState& cs, uint32_t index, const char* call) {
  if (index >= cs.dst_capacity) {
    fail_run(std::string(call) + ": DST index " + std::to_string(index) + " is out of range: DST capacity is " +
             std::to_string(cs.dst_capacity) + " tiles (" + (cs.fp32_dest_acc ? "32-bit" : "16-bit") +
             " DST), valid indices 0.." + std::to_string(cs.dst_capacity - 1));
  }
}

// DST tile `index` for reading and writing.
float* dst_tile(ComputeState& cs, uint32_t index, const char* call) {
  check_dst_index(cs, index, call);
  if (cs.dst_stale & (1u << index)) {
    std::memset(cs.dst[index].v, 0, sizeof cs.dst[index].v);
    cs.dst_stale &= ~(1u << index);
  }
  return cs.dst[index].v;
}

// Failure reports stay out of line so that the checks on every tile inline.
[[noreturn, gnu::cold, gnu::noinline]] void fail_cb_id(uint32_t cb, const char* call) {
  if (cb >= kMaxCbs) fail_run(std::string(call) + ": CB index " + std::to_string(cb) + " is out of range");
  fail_run(std::string(call) + ": CB " + std::to_string(cb) + " is not configured in this program");
}

inline CbState& cb_state(uint32_t cb, const char* call) {
  if (cb >= kMaxCbs || !current().core->cbs[cb].configured) [[unlikely]] fail_cb_id(cb, call);
  return current().core->cbs[cb];
}

inline TileGeometry geometry(const CbState& s) { return {s.tile_rows, s.tile_cols}; }

[[noreturn, gnu::cold, gnu::noinline]] void fail_tile_bytes(uint32_t cb, const CbState& s, const char* call) {
  const uint32_t tb = tile_bytes_of(s.data_format, geometry(s));
  if (tb == 0)
    fail_run(std::string(call) + ": CB " + std::to_string(cb) + " has data format " + format_name(s.data_format) +
             ", which the emulator cannot convert");
  const std::string shape = geometry(s).full() ? std::string()
                                               : std::to_string(s.tile_rows) + "x" + std::to_string(s.tile_cols) + " ";
  fail_run(std::string(call) + ": CB " + std::to_string(cb) + " pages are " + std::to_string(s.page_bytes) +
           " bytes, smaller than one " + format_name(s.data_format) + " " + shape + "tile (" + std::to_string(tb) +
           " bytes)");
}

// Bytes per tile of `cb`'s format and tile shape; fails for formats the emulator cannot convert.
inline uint32_t checked_tile_bytes(uint32_t cb, const CbState& s, const char* call) {
  const uint32_t tb = geometry(s).full() ? tile_bytes(s.data_format) : tile_bytes_of(s.data_format, geometry(s));
  if (tb == 0 || s.page_bytes < tb) [[unlikely]] fail_tile_bytes(cb, s, call);
  return tb;
}

// Ops that move rows of 32 datums (tilize, untilize) take 32x32 tiles only.
void require_full_tiles(uint32_t cb, const char* call) {
  const CbState& s = current().core->cbs[cb % kMaxCbs];
  if (!geometry(s).full())
    fail_run(std::string(call) + ": CB " + std::to_string(cb) + " holds " + std::to_string(s.tile_rows) + "x" +
             std::to_string(s.tile_cols) + " tiles; the emulator runs this op on 32x32 tiles only");
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_ring(const CbState& s, uint32_t cb, uint32_t tile, const char* call) {
  fail_run(std::string(call) + ": tile " + std::to_string(tile) + " of CB " + std::to_string(cb) +
           " lies past the end of the CB ring (" + std::to_string(s.num_pages) + " pages of " +
           std::to_string(s.page_bytes) + " bytes)");
}

inline void check_in_ring(const CbState& s, uint32_t cb, uint32_t tile, uint32_t addr, uint32_t bytes, const char* call) {
  if (addr < s.base || uint64_t(addr) + bytes > s.limit) [[unlikely]] fail_ring(s, cb, tile, call);
}

// A tile past the waited window fails the run, except on a CB that lies on an
// L1 buffer: its pages hold the buffer's data with no producer, and silicon's
// unpacker reads them (tt-metal's vecadd_sharding never waits).
[[gnu::cold, gnu::noinline]] void outside_window(const CbState& s, uint32_t cb, uint32_t tile, uint32_t waited,
                                                 const char* call) {
  const std::string what = "tile " + std::to_string(tile) + " of CB " + std::to_string(cb) +
                           " is outside the waited window (" + std::to_string(waited) + " pages; missing cb_wait_front?)";
  if (!s.on_buffer) fail_run(std::string(call) + ": " + what);
  report_finding(current(), call, nullptr, 0, what + "; the CB lies on an L1 buffer, whose pages hold its data");
}

// A tiny tile as a 32x32 one (tile_shapes.h), for the caller to convert at once.
alignas(64) thread_local uint8_t staged_tile[4096];

// Tile `tile` of `cb` (after the compute read pointer) as the unpacker sees
// it: checks the waited window and the ring, returns the L1 bytes and format
// (a tiny tile comes back as a 32x32 one in `staged_tile`).
const uint8_t* unpack_src(uint32_t cb, uint32_t tile, uint32_t& format, const char* call) {
  CbState& s = cb_state(cb, call);
  format = s.data_format;
  const uint32_t page = s.page_bytes;
  const uint32_t tb = checked_tile_bytes(cb, s, call);
  // The unpacker may only read inside the window this kernel waited for.
  const uint32_t waited = s.waited[kComputeRole];
  if (tile >= waited) [[unlikely]] outside_window(s, cb, tile, waited, call);
  const uint32_t addr = s.rd_ptr[kComputeRole] + tile * page;
  check_in_ring(s, cb, tile, addr, tb, call);
  const auto* src = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(addr));
  if (geometry(s).full()) [[likely]] return src;
  tiny_to_full(format, geometry(s), src, staged_tile);
  return staged_tile;
}

// Unpacks tile `tile` of `cb` into `out`; `through_src_regs` tells whether the
// data passes through SrcA/SrcB (always for FPU ops).
void unpack(uint32_t cb, uint32_t tile, float* out, bool through_src_regs, const char* call) {
  const ComputeState& cs = state();
  uint32_t format;
  const uint8_t* src = unpack_src(cb, tile, format, call);
  const bool tf32 = through_src_regs && cs.unpack_fp32_as_tf32;
  unpack_tile(format, src, out, tf32, encoding_of(cs));
}

// An FPU source operand without a copy where possible: Float32 tiles are read
// in place from L1 (TF32 truncation then happens inside the op, flagged by
// `tf32`); other formats are unpacked into `buf`.
const float* fpu_operand(uint32_t cb, uint32_t tile, float* buf, bool& tf32, const char* call) {
  uint32_t format;
  const uint8_t* src = unpack_src(cb, tile, format, call);
  tf32 = false;
  if (format == static_cast<uint32_t>(tt::DataFormat::Float32) && (reinterpret_cast<uintptr_t>(src) & 3) == 0 &&
      src != staged_tile) {
    tf32 = state().unpack_fp32_as_tf32;
    return reinterpret_cast<const float*>(src);
  }
  unpack_tile(format, src, buf, state().unpack_fp32_as_tf32, encoding_of(state()));
  return buf;
}

// The 16-bit DST format when fp32 accumulation is off: the unpacker's format
// when it is Float16 or an integer one, else bf16.
uint32_t dst16_format(const ComputeState& cs) {
  const CbState& s = current().core->cbs[cs.unpack_cb < kMaxCbs ? cs.unpack_cb : 0];
  return s.data_format == static_cast<uint32_t>(tt::DataFormat::Float16) || is_integer_format_code(s.data_format)
             ? s.data_format
             : static_cast<uint32_t>(tt::DataFormat::Float16_b);
}

bool is_32bit_format(uint32_t f) {
  return f == static_cast<uint32_t>(tt::DataFormat::Float32) || f == static_cast<uint32_t>(tt::DataFormat::Int32) ||
         f == static_cast<uint32_t>(tt::DataFormat::UInt32);
}

// A DST tile that an op writes: marks it written (reduce MAX's "fresh" rule).
float* dst_out(ComputeState& cs, uint32_t index, const char* call) {
  float* d = dst_tile(cs, index, call);
  cs.dst_written |= 1u << index;
  return d;
}

// A DST tile that an op overwrites in full without reading it: a pending
// clear is skipped.
float* dst_overwrite(ComputeState& cs, uint32_t index, const char* call) {
  check_dst_index(cs, index, call);
  cs.dst_stale &= ~(1u << index);
  cs.dst_written |= 1u << index;
  return cs.dst[index].v;
}

// A slot past the reservation: silicon's packer writes it anyway, which is
// right only when its page is free (not holding pages pushed and not popped).
[[gnu::cold, gnu::noinline]] void pack_outside_reserved(const CbState& s, uint32_t cb, uint32_t slot,
                                                        const char* call, const char* file, uint32_t line) {
  const std::string what = std::string("slot ") + std::to_string(slot) + " of CB " + std::to_string(cb) +
                           " is outside the reserved region (" + std::to_string(s.reserved[kComputeRole]) +
                           " pages; missing cb_reserve_back, or more pack_tile calls than reserved pages?)";
  if (slot >= df::cb_free(s))
    fail_run(std::string(call) + ": " + what + " and its page holds data not yet popped");
  report_finding(current(), call, file, line, what + ", but its page was free");
}

// The packer's ReLU (pack_relu) over a tile of DST values, into `buf`.
const float* apply_pack_relu(const ComputeState& cs, const float* tile, float* buf) {
  const float threshold = u2f(cs.pack_relu_threshold << 16);  // bf16 bits
  for (uint32_t i = 0; i < kTileElems; ++i) {
    const float x = tile[i];
    switch (cs.pack_relu_mode) {
      case 1: buf[i] = x > 0.0f ? x : 0.0f; break;
      case 2: buf[i] = x > threshold ? x : 0.0f; break;
      default: buf[i] = x > 0.0f ? (x > threshold ? threshold : x) : 0.0f; break;
    }
  }
  return buf;
}

// Writes `tile` (DST words) into slot `slot` of `cb`'s reserved region,
// converting to the CB's format (adding onto L1 under pack_reconfig_l1_acc).
// file / line: the kernel's call site, for a finding (nullptr / 0: unknown).
void pack_to_slot(const ComputeState& cs, const float* tile, uint32_t cb, uint32_t slot, const char* call,
                  const char* file = nullptr, uint32_t line = 0) {
  emu::CbState& s = cb_state(cb, call);
  // The packer should only write inside the region this kernel reserved.
  if (slot >= s.reserved[kComputeRole]) [[unlikely]] pack_outside_reserved(s, cb, slot, call, file, line);
  const uint32_t format = s.data_format;
  const uint32_t page = s.page_bytes;
  const uint32_t tb = checked_tile_bytes(cb, s, call);
  const uint32_t addr = s.wr_ptr[kComputeRole] + slot * page;
  check_in_ring(s, cb, slot, addr, tb, call);
  auto* const l1 = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr));
  // A tiny tile packs through a 32x32 one (tile_shapes.h).
  const bool tiny = !geometry(s).full();
  alignas(64) uint8_t full[4096];
  uint8_t* out = l1;
  if (tiny) [[unlikely]] {
    out = full;
    if (cs.pack_l1_acc) tiny_to_full(format, geometry(s), l1, full);
  }
  const PackOptions opt{cs.pack_rounding, cs.pack_fp16_flush_subnormals, encoding_of(cs)};
  alignas(64) float relu_buf[kTileElems];
  if (cs.pack_relu_mode != 0 && !is_integer_format_code(format)) tile = apply_pack_relu(cs, tile, relu_buf);
  if (cs.pack_l1_acc) {
    // L1 accumulation: the packer adds DST onto what the slot already holds.
    alignas(64) float sum[kTileElems];
    unpack_tile(format, out, sum, false, opt.encoding);
    if (is_integer_format_code(format)) {
      for (uint32_t i = 0; i < kTileElems; ++i) sum[i] = u2f(f2u(sum[i]) + f2u(tile[i]));
    } else {
      for (uint32_t i = 0; i < kTileElems; ++i) sum[i] += tile[i];
    }
    emu::compute::pack_tile(format, sum, out, opt);
  } else {
    emu::compute::pack_tile(format, tile, out, opt);
  }
  if (tiny) [[unlikely]] full_to_tiny(format, geometry(s), full, l1);
}

// Keeps DST at 16-bit precision when fp32 accumulation is off. Integer data
// (the unpacker's CB holds an integer format) stays integer: silicon's 16-bit
// DST holds 16-bit integers as such, so only float words are narrowed.
void narrow_if_16bit(ComputeState& cs, float* t, Rounding r) {
  if (cs.fp32_dest_acc) return;
  const uint32_t format = dst16_format(cs);
  if (!is_integer_format_code(format)) narrow_to_dst16(t, format, r);
}

// An FPU op's write to DST: rounded to the 16-bit format when DST is 16-bit.
void fpu_narrow(ComputeState& cs, float* t) { narrow_if_16bit(cs, t, cs.fpu_dst16_rounding); }

}  // namespace
}  // namespace zyxtt::emu::compute

namespace zyxtt::emu::krt_impl {

using emu::ComputeState;
using namespace emu::compute;
using Phase = ComputeState::DstPhase;

void dst_acquire() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kIdle) fail_phase("tile_regs_acquire", cs, "idle (release the previous section first)");
  cs.phase = Phase::kAcquired;
  cs.dst_legacy = false;
  cs.pack_waited_early = cs.packed_early = false;
  cs.dst_written = 0;
}

void dst_commit() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kAcquired || cs.dst_legacy) fail_phase("tile_regs_commit", cs, "acquired by tile_regs_acquire");
  // A wait already made hands the section straight to pack.
  cs.phase = cs.pack_waited_early ? Phase::kWaited : Phase::kCommitted;
  cs.pack_waited_early = cs.packed_early = false;
  emu::count_progress();
}

// MATH and PACK run on their own TRISCs: PACK's wait may come first in the
// source (tt-metal's eltwise_copy test kernel: acquire, wait, copy, pack,
// commit, release); it then completes at the commit.
void dst_wait() {
  ComputeState& cs = state();
  if (cs.phase == Phase::kAcquired && !cs.dst_legacy && !cs.pack_waited_early) {
    cs.pack_waited_early = true;
    return;
  }
  if (cs.phase != Phase::kCommitted) fail_phase("tile_regs_wait", cs, "committed (call tile_regs_commit first)");
  cs.phase = Phase::kWaited;
}

// The packer hands the section back cleared: DST reads as zero afterwards.
static void zero_section(ComputeState& cs) {
  cs.dst_written = 0;
  zero_dst(cs, cs.dst_capacity >= 32 ? ~0u : (1u << cs.dst_capacity) - 1);
}

void dst_release() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kWaited) fail_phase("tile_regs_release", cs, "held by pack (call tile_regs_wait first)");
  zero_section(cs);
  cs.phase = Phase::kIdle;
  emu::count_progress();
}

void dst_acquire_legacy() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kIdle) fail_phase("acquire_dst", cs, "idle (call release_dst first)");
  cs.phase = Phase::kAcquired;
  cs.dst_legacy = true;
  cs.dst_written = 0;
}

void dst_release_legacy() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kAcquired || !cs.dst_legacy) fail_phase("release_dst", cs, "acquired by acquire_dst");
  zero_section(cs);
  cs.phase = Phase::kIdle;
  cs.dst_legacy = false;
  emu::count_progress();
}

void compute_configure(uint32_t srca_cb, uint32_t srcb_cb, uint32_t pack_cb) {
  ComputeState& cs = state();
  cs.unpack_cb = srca_cb;
  cs.unpack_cb_b = srcb_cb;
  cs.pack_cb = pack_cb;
}

void unpack_reconfig(uint32_t srca_cb, uint32_t srcb_cb) {
  ComputeState& cs = state();
  if (srca_cb != ~0u) cs.unpack_cb = srca_cb;
  if (srcb_cb != ~0u) cs.unpack_cb_b = srcb_cb;
}

void pack_reconfig(uint32_t pack_cb) { state().pack_cb = pack_cb; }

void pack_l1_accumulate(bool enable) { state().pack_l1_acc = enable; }

void copy_tile(uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState& cs = state();
  require_math(cs, "copy_tile");
  float* d = dst_overwrite(cs, dst, "copy_tile");
  // Through SrcA, unless Float32 data is unpacked straight into DST.
  unpack(cb, tile, d, /*through_src_regs=*/cb >= 64 || !((cs.unpack_to_dest_cbs >> cb) & 1), "copy_tile");
  narrow_if_16bit(cs, d, Rounding::kTruncate);
  charge(unpack_cycles(cb));
}

void pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order, const char* file, uint32_t line) {
  const AtSite site(current(), file, line);
  ComputeState& cs = state();
  require_pack(cs, "pack_tile");
  const float* d = dst_tile(cs, dst, "pack_tile");
  emu::CbState& s = cb_state(cb, "pack_tile");
  const uint32_t slot = out_of_order ? out_index : s.pack_cursor;
  pack_to_slot(cs, d, cb, slot, "pack_tile", file, line);
  if (!out_of_order) ++s.pack_cursor;
  charge(pack_cycles(cb));
}

// DST holds a tile as 64 rows of 16 datums, face after face.
constexpr uint32_t kDstRows = kTileElems / 16;

void pack_rows_configure(uint32_t num_rows) {
  if (num_rows > kDstRows)
    fail_run("pack_rows_init: " + std::to_string(num_rows) + " rows; a DST tile has " + std::to_string(kDstRows) +
             " rows of 16 datums");
  state().pack_rows = num_rows;
}

// The first pack_rows rows of a DST tile in its storage order (face by
// face), written one after another at page out_index of `cb`.
void pack_rows(uint32_t dst, uint32_t cb, uint32_t out_index) {
  ComputeState& cs = state();
  require_pack(cs, "pack_rows");
  require_full_tiles(cb, "pack_rows");
  if (cs.pack_rows == 0) fail_run("pack_rows: call pack_rows_init(num_rows) first (or again after pack_rows_uninit)");
  const float* d = dst_tile(cs, dst, "pack_rows");
  emu::CbState& s = cb_state(cb, "pack_rows");
  const FormatFacts* facts = format_facts(s.data_format);
  if (facts == nullptr || facts->element_bytes == 0 || !facts->emulated)
    fail_run(std::string("pack_rows: CB ") + std::to_string(cb) + " holds " +
             (facts ? facts->name : "an unknown format") + "; rows pack only into a format of whole datums");
  const uint32_t bytes = cs.pack_rows * 16 * facts->element_bytes;
  if (out_index >= s.reserved[kComputeRole]) [[unlikely]] pack_outside_reserved(s, cb, out_index, "pack_rows", nullptr, 0);
  const uint32_t addr = s.wr_ptr[kComputeRole] + out_index * s.page_bytes;
  check_in_ring(s, cb, out_index, addr, bytes, "pack_rows");
  alignas(64) uint8_t tile[kTileElems * 4];
  emu::compute::pack_tile(s.data_format, d, tile, PackOptions{cs.pack_rounding, cs.pack_fp16_flush_subnormals, encoding_of(cs)});
  std::memcpy(reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr)), tile, bytes);
  charge(timing::bytes_cycles(bytes, timing::kPackBytesPerCycle));
}

void sfpu_unary(SfpuUnaryOp op, uint32_t dst, uint32_t p0, uint32_t p1) {
  ComputeState& cs = state();
  const char* name = unary_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuUnaryOp::kCount))
    emu::fail_run(std::string("unknown SFPU unary op ") + std::to_string(static_cast<uint32_t>(op)));
  float* t = dst_out(cs, dst, name);
  apply_unary(op, t, p0, p1);
  if (!unary_is_bitwise(op)) narrow_if_16bit(cs, t, Rounding::kTruncate);  // SFPSTORE truncates
  charge(timing::kSfpuCycles);
}

void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_o, uint32_t flags) {
  ComputeState& cs = state();
  const char* name = binary_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuBinaryOp::kCount))
    emu::fail_run(std::string("unknown SFPU binary op ") + std::to_string(static_cast<uint32_t>(op)));
  const float* a = dst_tile(cs, dst_a, name);
  const float* b = dst_tile(cs, dst_b, name);
  float* o = dst_out(cs, dst_o, name);
  apply_binary(op, a, b, o);
  const bool rne = binary_rounds_to_nearest(op) || (flags & kSfpuRoundNearestEven);
  if (!binary_is_bitwise(op)) narrow_if_16bit(cs, o, rne ? Rounding::kNearestEven : Rounding::kTruncate);
  charge(timing::kSfpuCycles);
}

namespace {

// What the DST words hold after an unpack from a CB of format `f` (formats.cpp).
tt::DataFormat dst_words_format(tt::DataFormat f, ComputeState::Int8Dst int8_dst) {
  switch (f) {
    case tt::DataFormat::Int32: return tt::DataFormat::Int32;
    case tt::DataFormat::UInt32:
    case tt::DataFormat::UInt16:
    case tt::DataFormat::UInt8: return tt::DataFormat::UInt32;
    case tt::DataFormat::Int8:
      return int8_dst == ComputeState::Int8Dst::kSignMagnitude ? tt::DataFormat::Int8 : tt::DataFormat::Int32;
    default: return tt::DataFormat::Float32;
  }
}

}  // namespace

void sfpu_dst_open(krt::SfpuDstView* view) {
  ComputeState& cs = state();
  require_math(cs, "dst_reg (SFPI)");
  for (uint32_t t = 0; t < cs.dst_capacity; ++t) dst_tile(cs, t, "dst_reg (SFPI)");
  view->base = cs.dst[0].v;
  view->tiles = cs.dst_capacity;
  const CbState& unpacked = current().core->cbs[cs.unpack_cb % kMaxCbs];
  view->data_format = static_cast<uint32_t>(
      unpacked.configured ? dst_words_format(static_cast<tt::DataFormat>(unpacked.data_format), cs.int8_dst)
                          : tt::DataFormat::Float32);
}

void sfpu_dst_close() {
  ComputeState& cs = state();
  for (uint32_t t = 0; t < cs.dst_capacity; ++t) narrow_if_16bit(cs, cs.dst[t].v, Rounding::kTruncate);
}

uint32_t* sfpu_lregs() {
  ComputeState& cs = state();
  cs.sfpu_lregs_taken = true;
  return cs.sfpu_lregs.data();
}

void sfpu_ternary(SfpuTernaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_c, uint32_t dst_o, uint32_t p0,
                  uint32_t p1) {
  ComputeState& cs = state();
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuTernaryOp::kCount))
    emu::fail_run(std::string("unknown SFPU ternary op ") + std::to_string(static_cast<uint32_t>(op)));
  const char* name = ternary_name(op);
  require_math(cs, name);
  const float* a = dst_tile(cs, dst_a, name);
  const float* b = dst_tile(cs, dst_b, name);
  const float* c = dst_tile(cs, dst_c, name);
  float* o = dst_out(cs, dst_o, name);
  apply_ternary(op, a, b, c, o, p0, p1);
  if (!ternary_selects(op)) narrow_if_16bit(cs, o, Rounding::kNearestEven);
  charge(timing::kSfpuCycles);
}

void sfpu_typecast(uint32_t dst, uint32_t in_format, uint32_t out_format, const char* file, uint32_t line) {
  ComputeState& cs = state();
  require_math(cs, "typecast_tile");
  if (!apply_typecast(dst_out(cs, dst, "typecast_tile"), in_format, out_format)) {
    // Silicon compiles such a pair to nothing; so does the emulator, but says so
    // once per call site.
    static std::mutex mu;
    static std::set<std::pair<std::string, uint32_t>> warned;
    const std::string where = file ? file : "compute kernel";
    std::lock_guard<std::mutex> lock(mu);
    if (warned.emplace(where, line).second)
      emulator_log().warn("{}:{}: typecast_tile<{}, {}> has no kernel on silicon: it leaves DST unchanged there, "
                          "and does so here",
                          where, line, format_name(in_format), format_name(out_format));
  }
  charge(timing::kSfpuCycles);
}

void fpu_accumulate(bool enable) { state().fpu_acc_to_dest = enable; }

void fpu_binary(FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst, Bcast bcast,
                uint32_t bcast_row) {
  ComputeState& cs = state();
  const char* name = fpu_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(FpuBinaryOp::kCount))
    emu::fail_run(std::string("unknown FPU op ") + std::to_string(static_cast<uint32_t>(op)));
  // ELWMUL is a multiply-accumulate on silicon (Dst += SrcA * SrcB; DST is
  // zero after acquire): a mul into a tile that holds values adds to them
  // without acc_to_dest (tt-metal's mul_tiles tests with DST accumulation).
  // A tile still zero keeps the plain product (+0 + -0 is not modelled).
  const bool accumulate = cs.fpu_acc_to_dest || (op == FpuBinaryOp::kMul && dst < 32 && !(cs.dst_stale >> dst & 1u));
  float* d = accumulate ? dst_out(cs, dst, name) : dst_overwrite(cs, dst, name);
  alignas(64) float abuf[kTileElems];
  alignas(64) float bbuf[kTileElems];
  alignas(64) float bb[kTileElems];
  bool tf32_a, tf32_b;
  const float* a = fpu_operand(cb0, tile0, abuf, tf32_a, name);
  const float* b = fpu_operand(cb1, tile1, bbuf, tf32_b, name);
  if (bcast != Bcast::kNone) {
    broadcast_operand(bcast, b, bb, bcast_row);  // element moves: commute with TF32 truncation
    b = bb;
  }
  apply_fpu_binary_src(op, a, b, d, tf32_a, tf32_b, accumulate, cs.fidelity_phases);
  fpu_narrow(cs, d);
  charge(std::max(eltwise_cycles(op, cs.fidelity_phases), std::max(unpack_cycles(cb0), unpack_cycles(cb1))));
}

void fpu_dest_reuse(FpuBinaryOp op, uint32_t cb, uint32_t tile, uint32_t dst, uint32_t reuse) {
  ComputeState& cs = state();
  const char* call = "binary_dest_reuse_tiles";
  require_math(cs, call);
  if (reuse != 1 && reuse != 2) emu::fail_run("binary_dest_reuse_tiles: EltwiseBinaryReuseDestType must be DEST_TO_SRCA or DEST_TO_SRCB");
  float* d = dst_out(cs, dst, call);
  alignas(64) float t[kTileElems];
  alignas(64) float cur[kTileElems];
  unpack(cb, tile, t, /*through_src_regs=*/true, call);
  // DST moves into a source register: TF32 there too.
  for (uint32_t i = 0; i < kTileElems; ++i) cur[i] = cs.unpack_fp32_as_tf32 ? tf32_truncate(d[i]) : d[i];
  // `cur` is in SrcA for DEST_TO_SRCA, in SrcB for DEST_TO_SRCB.
  if (reuse == 1) apply_fpu_binary(op, cur, t, d, cs.fidelity_phases);
  else apply_fpu_binary(op, t, cur, d, cs.fidelity_phases);
  fpu_narrow(cs, d);
  charge(std::max(eltwise_cycles(op, cs.fidelity_phases), unpack_cycles(cb)));
}

void unary_bcast(Bcast bcast, uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState& cs = state();
  require_math(cs, "unary_bcast");
  float* d = dst_overwrite(cs, dst, "unary_bcast");
  alignas(64) float t[kTileElems];
  // 32-bit formats are unpacked straight to DST (SrcB is 19 bits wide): exact.
  const bool wide = is_32bit_format(krt_impl::cb_data_format(cb));
  unpack(cb, tile, t, /*through_src_regs=*/!wide, "unary_bcast");
  broadcast_operand(bcast, t, d, 0);
  narrow_if_16bit(cs, d, Rounding::kTruncate);
  charge(std::max(timing::kEltwiseCycles, unpack_cycles(cb)));
}

namespace {

// 8-bit integer operands (Int8, UInt8) multiply as integers on the FPU: their
// DST words (dst_words_format) hold integers, not float bits. Their values are
// exact in float (a tile's dot product is at most 32 * 255 * 255 < 2^24).
bool integer_matmul_format(uint32_t f) {
  return f == static_cast<uint32_t>(tt::DataFormat::Int8) || f == static_cast<uint32_t>(tt::DataFormat::UInt8);
}
float integer_value(float word, tt::DataFormat words) {
  const uint32_t u = f2u(word);
  switch (words) {
    case tt::DataFormat::Int8: return (u >> 31 ? -1.0f : 1.0f) * static_cast<float>(u & 0x7FFFFFFFu);  // sign-magnitude
    case tt::DataFormat::UInt32: return static_cast<float>(u);
    default: return static_cast<float>(static_cast<int32_t>(u));
  }
}
float integer_word(float value, tt::DataFormat words) {
  const int64_t v = std::llround(value);
  switch (words) {
    case tt::DataFormat::Int8: return u2f((v < 0 ? 0x80000000u : 0u) | static_cast<uint32_t>(std::min<int64_t>(std::llabs(v), 0x7FFFFFFF)));
    case tt::DataFormat::UInt32: return u2f(static_cast<uint32_t>(std::max<int64_t>(v, 0)));
    default: return u2f(static_cast<uint32_t>(static_cast<int32_t>(v)));
  }
}

void integer_matmul(ComputeState& cs, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst,
                    bool transpose, uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim, const char* call) {
  const auto words = dst_words_format(static_cast<tt::DataFormat>(krt_impl::cb_data_format(cb0)), cs.int8_dst);
  alignas(64) float a[kTileElems];
  alignas(64) float b[kTileElems];
  alignas(64) float acc[kTileElems];
  for (uint32_t rt = 0; rt < rt_dim; ++rt) {
    unpack(cb0, tile0 + rt * kt_dim, a, /*through_src_regs=*/true, call);
    for (float& x : a) x = integer_value(x, words);
    for (uint32_t ct = 0; ct < ct_dim; ++ct) {
      unpack(cb1, tile1 + ct, b, /*through_src_regs=*/true, call);
      for (float& x : b) x = integer_value(x, words);
      float* d = dst_out(cs, dst + rt * ct_dim + ct, call);
      for (uint32_t i = 0; i < kTileElems; ++i) acc[i] = integer_value(d[i], words);
      matmul_acc(a, b, acc, transpose, false, false, /*phases: exact*/ 4, nullptr);
      for (uint32_t i = 0; i < kTileElems; ++i) d[i] = integer_word(acc[i], words);
    }
  }
}

}  // namespace

void matmul(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst, uint32_t transpose,
            uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim) {
  ComputeState& cs = state();
  const char* call = (ct_dim == 1 && rt_dim == 1 && kt_dim == 1) ? "matmul_tiles" : "matmul_block";
  require_math(cs, call);
  if (ct_dim == 0 || rt_dim == 0) emu::fail_run(std::string(call) + ": ct_dim and rt_dim must be at least 1");
  alignas(64) float a_buf[kTileElems];
  alignas(64) float b_buf[kTileElems];
  // Bounds of the whole output block first, so a bad block fails before any write.
  dst_tile(cs, dst + rt_dim * ct_dim - 1, call);
  if (integer_matmul_format(krt_impl::cb_data_format(cb0)) && integer_matmul_format(krt_impl::cb_data_format(cb1))) {
    integer_matmul(cs, cb0, cb1, tile0, tile1, dst, transpose != 0, ct_dim, rt_dim, kt_dim, call);
    charge(std::max(uint64_t{rt_dim} * ct_dim * timing::kMatmulCyclesPerPhase,
                    std::max(unpack_cycles(cb0, rt_dim), unpack_cycles(cb1, ct_dim))));
    return;
  }
  const Dst16 dst16{dst16_format(cs), cs.fpu_dst16_rounding};
  for (uint32_t rt = 0; rt < rt_dim; ++rt) {
    bool tf32_a = false, tf32_b = false;
    // Float32 operands are read in place and truncated inside the multiply.
    const float* a = fpu_operand(cb0, tile0 + rt * kt_dim, a_buf, tf32_a, call);
    for (uint32_t ct = 0; ct < ct_dim; ++ct) {
      const float* b = fpu_operand(cb1, tile1 + ct, b_buf, tf32_b, call);
      float* d = dst_out(cs, dst + rt * ct_dim + ct, call);
      matmul_acc(a, b, d, transpose != 0, tf32_a, tf32_b, cs.fidelity_phases, cs.fp32_dest_acc ? nullptr : &dst16);
    }
  }
  charge(std::max(uint64_t{rt_dim} * ct_dim * timing::kMatmulCyclesPerPhase * cs.fidelity_phases,
                  std::max(unpack_cycles(cb0, rt_dim), unpack_cycles(cb1, ct_dim))));
}

void reduce(ReducePool pool, ReduceDim dim, uint32_t cb, uint32_t cb_scaler, uint32_t tile, uint32_t tile_scaler,
            uint32_t dst) {
  ComputeState& cs = state();
  require_math(cs, "reduce_tile");
  const bool fresh = dst < 32 && !(cs.dst_written & (1u << dst));
  float* d = dst_out(cs, dst, "reduce_tile");
  alignas(64) float a[kTileElems];
  alignas(64) float s[kTileElems];
  unpack(cb, tile, a, /*through_src_regs=*/true, "reduce_tile");
  unpack(cb_scaler, tile_scaler, s, /*through_src_regs=*/true, "reduce_tile");
  // Silicon reduces only a tiny tile's faces: its zero padding must not win a max.
  const CbState& in = current().core->cbs[cb % kMaxCbs];
  if (pool == ReducePool::kMax && !geometry(in).full()) [[unlikely]]
    fill_outside(geometry(in), a, std::numeric_limits<float>::lowest());
  reduce_acc(pool, dim, a, s, d, fresh, cs.fidelity_phases);
  fpu_narrow(cs, d);
  // Max has no fidelity phases; sum and average do.
  const uint64_t phases = pool == ReducePool::kMax ? 1 : cs.fidelity_phases;
  charge(std::max(timing::kReduceCyclesPerPhase * phases, unpack_cycles(cb)));
}

void transpose_wh(uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState& cs = state();
  require_math(cs, "transpose_wh_tile");
  float* d = dst_overwrite(cs, dst, "transpose_wh_tile");
  alignas(64) float t[kTileElems];
  const bool wide = is_32bit_format(krt_impl::cb_data_format(cb));
  unpack(cb, tile, t, /*through_src_regs=*/!wide, "transpose_wh_tile");
  transpose_tile(t, d);
  narrow_if_16bit(cs, d, Rounding::kTruncate);
  charge(std::max(timing::kEltwiseCycles, unpack_cycles(cb)));
}

// Tilize/untilize move whole strips: element conversion per page (layout does
// not matter for it), then a reshuffle between row-major and face layout.
void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t in_index, uint32_t out_index) {
  ComputeState& cs = state();
  require_full_tiles(icb, "tilize_block");
  require_full_tiles(ocb, "tilize_block");
  std::vector<float> strip(size_t(block) * kTileElems);
  for (uint32_t t = 0; t < block; ++t) unpack(icb, in_index + t, strip.data() + t * kTileElems, false, "tilize_block");
  alignas(64) float rows[kTileElems];
  alignas(64) float tile[kTileElems];
  const uint32_t width = 32 * block;
  for (uint32_t t = 0; t < block; ++t) {
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) rows[r * 32 + c] = strip[size_t(r) * width + t * 32 + c];
    rows_to_tile(rows, tile);
    narrow_if_16bit(cs, tile, Rounding::kTruncate);
    pack_to_slot(cs, tile, ocb, out_index + t, "tilize_block");
  }
  charge(unpack_cycles(icb, block) + pack_cycles(ocb, block));
}

void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb) {
  ComputeState& cs = state();
  require_full_tiles(icb, "untilize_block");
  require_full_tiles(ocb, "untilize_block");
  std::vector<float> strip(size_t(full_ct_dim) * kTileElems);
  alignas(64) float tile[kTileElems];
  alignas(64) float rows[kTileElems];
  const uint32_t width = 32 * full_ct_dim;
  for (uint32_t t = 0; t < full_ct_dim; ++t) {
    unpack(icb, t, tile, false, "untilize_block");
    narrow_if_16bit(cs, tile, Rounding::kTruncate);
    tile_to_rows(tile, rows);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) strip[size_t(r) * width + t * 32 + c] = rows[r * 32 + c];
  }
  for (uint32_t t = 0; t < full_ct_dim; ++t) pack_to_slot(cs, strip.data() + t * kTileElems, ocb, t, "untilize_block");
  charge(unpack_cycles(icb, full_ct_dim) + pack_cycles(ocb, full_ct_dim));
}

void llk_unpack_ab_matmul(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t ct_dim,
                          uint32_t rt_dim, uint32_t kt_dim) {
  state().matmul_operands = {true, cb0, cb1, tile0, tile1, ct_dim, rt_dim, kt_dim};
}

void llk_math_matmul(uint32_t dst, uint32_t ct_dim, uint32_t rt_dim, uint32_t math_fidelity) {
  ComputeState& cs = state();
  const auto op = cs.matmul_operands;
  if (!op.loaded) emu::fail_run("llk_math_matmul: no operands loaded (call llk_unpack_AB_matmul first)");
  if (op.ct_dim != ct_dim || op.rt_dim != rt_dim)
    emu::fail_run("llk_math_matmul: ct_dim " + std::to_string(ct_dim) + " rt_dim " + std::to_string(rt_dim) +
                  " differ from the unpack's " + std::to_string(op.ct_dim) + " " + std::to_string(op.rt_dim));
  cs.matmul_operands.loaded = false;  // the unpacker hands each SrcA/SrcB load to math once
  const uint32_t kernel_phases = cs.fidelity_phases;
  cs.fidelity_phases = fidelity_phases(math_fidelity);
  matmul(op.cb0, op.cb1, op.tile0, op.tile1, dst, cs.matmul_transpose, ct_dim, rt_dim, op.kt_dim);
  cs.fidelity_phases = kernel_phases;
}

void pack_relu(uint32_t mode, uint32_t threshold) {
  if (mode > 3) emu::fail_run("llk_pack_relu_config: ReLU mode " + std::to_string(mode) + " is not 0..3");
  state().pack_relu_mode = mode;
  state().pack_relu_threshold = threshold & 0xFFFF;
}

void matmul_configure(uint32_t transpose) { state().matmul_transpose = transpose; }
uint32_t matmul_transpose() { return state().matmul_transpose; }
void reduce_block_configure(uint32_t ct_dim) { state().reduce_block_ct_dim = ct_dim; }
uint32_t reduce_block_ct_dim() { return state().reduce_block_ct_dim; }

void dst_transpose(uint32_t dst) {
  ComputeState& cs = state();
  require_math(cs, "transpose_wh_dest");
  float* d = dst_out(cs, dst, "transpose_wh_dest");
  alignas(64) float t[kTileElems];
  std::memcpy(t, d, sizeof t);
  transpose_tile(t, d);  // moves words: nothing to round
  charge(timing::kSfpuCycles);
}

void sfpu_binary_bcast(SfpuBinaryOp op, Bcast bcast, uint32_t dst_data, uint32_t dst_vec) {
  ComputeState& cs = state();
  const char* call = bcast == Bcast::kCol ? "sfpu_bcast_col" : "sfpu_bcast_row";
  require_math(cs, call);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuBinaryOp::kCount) ||
      (bcast != Bcast::kCol && bcast != Bcast::kRow))
    emu::fail_run(std::string(call) + ": unknown op or broadcast");
  alignas(64) float spread[kTileElems];
  broadcast_operand(bcast, dst_tile(cs, dst_vec, call), spread, 0);
  float* d = dst_out(cs, dst_data, call);
  apply_binary(op, d, spread, d);
  narrow_if_16bit(cs, d, binary_rounds_to_nearest(op) ? Rounding::kNearestEven : Rounding::kTruncate);
  charge(timing::kSfpuCycles);
}

void mul_reduce_scalar(uint32_t cb0, uint32_t cb1, uint32_t num_tiles, uint32_t scaler_bits) {
  ComputeState& cs = state();
  const char* call = "mul_reduce_scalar_tile";
  require_math(cs, call);
  if (num_tiles == 0) emu::fail_run(std::string(call) + ": num_tiles must be at least 1");
  dst_tile(cs, num_tiles - 1, call);  // the products' DST range, checked before any write
  alignas(64) float abuf[kTileElems];
  alignas(64) float bbuf[kTileElems];
  for (uint32_t i = 0; i < num_tiles; ++i) {
    bool tf32_a, tf32_b;
    const float* a = fpu_operand(cb0, i, abuf, tf32_a, call);
    const float* b = fpu_operand(cb1, i, bbuf, tf32_b, call);
    float* d = dst_overwrite(cs, i, call);
    apply_fpu_binary_src(FpuBinaryOp::kMul, a, b, d, tf32_a, tf32_b, false, cs.fidelity_phases);
    fpu_narrow(cs, d);
  }
  // The reduce phase: the scaler is SrcB, each product in turn SrcA.
  alignas(64) float scaler[kTileElems];
  alignas(64) float acc[kTileElems] = {};
  std::fill(scaler, scaler + kTileElems, u2f(scaler_bits));
  for (uint32_t i = 0; i < num_tiles; ++i) {
    const float* p = cs.dst[i].v;
    for (uint32_t k = 0; k < kTileElems; ++k) abuf[k] = cs.unpack_fp32_as_tf32 ? tf32_truncate(p[k]) : p[k];
    reduce_acc(ReducePool::kSum, ReduceDim::kScalar, abuf, scaler, acc, i == 0, cs.fidelity_phases);
  }
  float* d0 = dst_overwrite(cs, 0, call);
  std::memcpy(d0, acc, sizeof acc);
  fpu_narrow(cs, d0);
  charge(num_tiles * std::max(eltwise_cycles(FpuBinaryOp::kMul, cs.fidelity_phases) +
                                  timing::kReduceCyclesPerPhase * cs.fidelity_phases,
                              std::max(unpack_cycles(cb0), unpack_cycles(cb1))));
}

void pack_untilize_dest(uint32_t ocb, uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_rt_dim,
                        uint32_t block_c_index, uint32_t dst_offset, uint32_t out_row) {
  ComputeState& cs = state();
  require_pack(cs, "pack_untilize_dest");
  require_full_tiles(ocb, "pack_untilize_dest");
  if (block_ct_dim == 0 || full_ct_dim < block_ct_dim || (block_c_index + 1) * block_ct_dim > full_ct_dim)
    emu::fail_run("pack_untilize_dest: block_ct_dim " + std::to_string(block_ct_dim) + " x block_c_index " +
                  std::to_string(block_c_index) + " does not fit full_ct_dim " + std::to_string(full_ct_dim));
  // The output row strip of block row br: full_ct_dim pages, row-major. Only
  // this block's columns are written; the rest of each page keeps its bytes
  // (other blocks fill them), so convert page by page via read-modify-write.
  alignas(64) float page_vals[kTileElems];
  alignas(64) float rows[kTileElems];
  for (uint32_t br = 0; br < block_rt_dim; ++br) {
    for (uint32_t p = 0; p < full_ct_dim; ++p) {
      // Page p holds elements [p*1024, (p+1)*1024) of the 32 x (32*full_ct_dim) strip.
      bool touched = false;
      const uint32_t slot = (out_row + br) * full_ct_dim + p;
      emu::CbState& s = cb_state(ocb, "pack_untilize_dest");
      if (slot >= s.reserved[kComputeRole])
        emu::fail_run("pack_untilize_dest: slot " + std::to_string(slot) + " of CB " + std::to_string(ocb) +
                 " is outside the reserved region (" + std::to_string(s.reserved[kComputeRole]) + " pages)");
      const auto* cur = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(s.wr_ptr[kComputeRole] + slot * s.page_bytes));
      unpack_tile(s.data_format, cur, page_vals, false, encoding_of(cs));
      for (uint32_t ct = 0; ct < block_ct_dim; ++ct) {
        const uint32_t tcol = block_c_index * block_ct_dim + ct;  // tile column in the strip
        const float* d = dst_tile(cs, dst_offset + br * block_ct_dim + ct, "pack_untilize_dest");
        tile_to_rows(d, rows);
        for (uint32_t r = 0; r < 32; ++r) {
          const size_t base = size_t(r) * full_ct_dim * 32 + tcol * 32;  // strip offset of row r
          if (base / kTileElems != p) continue;                          // a row never straddles pages
          std::memcpy(page_vals + base % kTileElems, rows + r * 32, 32 * sizeof(float));
          touched = true;
        }
      }
      if (touched) {
        const bool acc = cs.pack_l1_acc;  // the merge above already read L1
        cs.pack_l1_acc = false;
        pack_to_slot(cs, page_vals, ocb, slot, "pack_untilize_dest");
        cs.pack_l1_acc = acc;
      }
    }
  }
  charge(pack_cycles(ocb, uint64_t{block_rt_dim} * block_ct_dim));
}

}  // namespace zyxtt::emu::krt_impl
