// The compute krt calls (kernel-api/zyxtt/krt_compute.h) on the calling
// instance's core: DST handshake, unpack, pack and the math dispatch.
#include <string>

#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/krt_compute.h"

namespace zyxtt::emu::compute {

void reset_compute_state(ComputeState& cs, bool fp32_dest_acc, bool dst_full_sync) {
  for (auto& t : cs.dst) std::memset(t.v, 0, sizeof t.v);
  cs.fp32_dest_acc = fp32_dest_acc;
  cs.dst_capacity = dst_capacity(fp32_dest_acc, dst_full_sync);
  cs.phase = ComputeState::DstPhase::kIdle;
  cs.dst_legacy = false;
  cs.pack_l1_acc = false;
  cs.unpack_cb = cs.unpack_cb_b = cs.pack_cb = 0;
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

[[noreturn]] void fail_phase(const char* call, const ComputeState& cs, const char* expected) {
  fail_run(std::string(call) + ": DST is " + phase_name(cs.phase) + ", expected " + expected +
           " (order: tile_regs_acquire, tile_regs_commit, tile_regs_wait, tile_regs_release)");
}

// Math-side calls run between acquire and commit.
void require_math(const ComputeState& cs, const char* call) {
  if (cs.phase != Phase::kAcquired) fail_phase(call, cs, "acquired (call tile_regs_acquire first)");
}

// Pack runs between wait and release (or inside acquire_dst / release_dst).
void require_pack(const ComputeState& cs, const char* call) {
  if (cs.phase == Phase::kWaited || (cs.dst_legacy && cs.phase == Phase::kAcquired)) return;
  fail_phase(call, cs, "held by pack (call tile_regs_commit and tile_regs_wait first)");
}

float* dst_tile(ComputeState& cs, uint32_t index, const char* call) {
  if (index >= cs.dst_capacity) {
    fail_run(std::string(call) + ": DST index " + std::to_string(index) + " is out of range: DST capacity is " +
             std::to_string(cs.dst_capacity) + " tiles (" + (cs.fp32_dest_acc ? "32-bit" : "16-bit") +
             " DST), valid indices 0.." + std::to_string(cs.dst_capacity - 1));
  }
  return cs.dst[index].v;
}

CbState& cb_state(uint32_t cb, const char* call) {
  if (cb >= kMaxCbs) fail_run(std::string(call) + ": CB index " + std::to_string(cb) + " is out of range");
  CbState& s = current().core->cbs[cb];
  if (!s.configured) fail_run(std::string(call) + ": CB " + std::to_string(cb) + " is not configured in this program");
  return s;
}

// Bytes per tile of `cb`'s format; fails for formats the emulator cannot convert.
uint32_t checked_tile_bytes(uint32_t cb, uint32_t format, uint32_t page_bytes, const char* call) {
  uint32_t tb = tile_bytes(format);
  if (tb == 0)
    fail_run(std::string(call) + ": CB " + std::to_string(cb) + " has data format " + format_name(format) +
             ", which the emulator cannot convert");
  if (page_bytes < tb)
    fail_run(std::string(call) + ": CB " + std::to_string(cb) + " pages are " + std::to_string(page_bytes) +
             " bytes, smaller than one " + format_name(format) + " tile (" + std::to_string(tb) + " bytes)");
  return tb;
}

void check_in_ring(const CbState& s, uint32_t cb, uint32_t tile, uint32_t addr, uint32_t bytes, const char* call) {
  if (addr < s.base || uint64_t(addr) + bytes > s.limit)
    fail_run(std::string(call) + ": tile " + std::to_string(tile) + " of CB " + std::to_string(cb) +
             " lies past the end of the CB ring (" + std::to_string(s.num_pages) + " pages of " +
             std::to_string(s.page_bytes) + " bytes)");
}

// The 16-bit DST format when fp32 accumulation is off: fp16 if the unpacker
// reads Float16 data, else bf16.
uint32_t dst16_format(const ComputeState& cs) {
  const CbState& s = current().core->cbs[cs.unpack_cb < kMaxCbs ? cs.unpack_cb : 0];
  return s.data_format == static_cast<uint32_t>(tt::DataFormat::Float16) ? s.data_format
                                                                           : static_cast<uint32_t>(tt::DataFormat::Float16_b);
}

// Unpacks tile `tile` of `cb` (after the compute read pointer) into `out`;
// `srca_b` tells whether the data passes through SrcA/SrcB (always for FPU ops).
void unpack(uint32_t cb, uint32_t tile, float* out, bool through_src_regs, const char* call) {
  const ComputeState& cs = state();
  CbState& s = cb_state(cb, call);
  const uint32_t format = krt::cb_data_format(cb);
  const uint32_t page = krt::cb_page_bytes(cb);
  const uint32_t tb = checked_tile_bytes(cb, format, page, call);
  // The unpacker may only read inside the window this kernel waited for.
  const uint32_t waited = s.waited[kComputeRole];
  if (tile >= waited)
    fail_run(std::string(call) + ": tile " + std::to_string(tile) + " of CB " + std::to_string(cb) +
             " is outside the waited window (" + std::to_string(waited) + " pages; missing cb_wait_front?)");
  const uint32_t addr = krt::cb_read_ptr(cb) + tile * page;
  check_in_ring(s, cb, tile, addr, tb, call);
  const auto* src = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(addr));
  const bool tf32 = through_src_regs && cs.unpack_fp32_as_tf32;
  unpack_tile(format, src, out, tf32);
}

// Keeps DST at 16-bit precision when fp32 accumulation is off.
void narrow_if_16bit(ComputeState& cs, float* t, Rounding r) {
  if (!cs.fp32_dest_acc) narrow_to_dst16(t, dst16_format(cs), r);
}

}  // namespace
}  // namespace zyxtt::emu::compute

namespace zyxtt::krt {

using emu::ComputeState;
using namespace emu::compute;
using Phase = ComputeState::DstPhase;

void dst_acquire() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kIdle) fail_phase("tile_regs_acquire", cs, "idle (release the previous section first)");
  cs.phase = Phase::kAcquired;
  cs.dst_legacy = false;
}

void dst_commit() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kAcquired || cs.dst_legacy) fail_phase("tile_regs_commit", cs, "acquired by tile_regs_acquire");
  cs.phase = Phase::kCommitted;
}

void dst_wait() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kCommitted) fail_phase("tile_regs_wait", cs, "committed (call tile_regs_commit first)");
  cs.phase = Phase::kWaited;
}

// The packer hands the section back cleared: DST reads as zero afterwards.
static void zero_section(ComputeState& cs) {
  for (uint32_t i = 0; i < cs.dst_capacity && i < cs.dst.size(); ++i) std::memset(cs.dst[i].v, 0, sizeof cs.dst[i].v);
}

void dst_release() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kWaited) fail_phase("tile_regs_release", cs, "held by pack (call tile_regs_wait first)");
  zero_section(cs);
  cs.phase = Phase::kIdle;
}

void dst_acquire_legacy() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kIdle) fail_phase("acquire_dst", cs, "idle (call release_dst first)");
  cs.phase = Phase::kAcquired;
  cs.dst_legacy = true;
}

void dst_release_legacy() {
  ComputeState& cs = state();
  if (cs.phase != Phase::kAcquired || !cs.dst_legacy) fail_phase("release_dst", cs, "acquired by acquire_dst");
  zero_section(cs);
  cs.phase = Phase::kIdle;
  cs.dst_legacy = false;
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
  float* d = dst_tile(cs, dst, "copy_tile");
  // Through SrcA unless unpack-to-dest (not configurable yet): see unpack_fp32_as_tf32.
  unpack(cb, tile, d, /*through_src_regs=*/true, "copy_tile");
  narrow_if_16bit(cs, d, Rounding::kTruncate);
}

void pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order) {
  ComputeState& cs = state();
  require_pack(cs, "pack_tile");
  const float* d = dst_tile(cs, dst, "pack_tile");
  emu::CbState& s = cb_state(cb, "pack_tile");
  const uint32_t slot = out_of_order ? out_index : s.pack_cursor++;
  // The packer may only write inside the region this kernel reserved.
  if (slot >= s.reserved[kComputeRole])
    emu::fail_run("pack_tile: slot " + std::to_string(slot) + " of CB " + std::to_string(cb) +
             " is outside the reserved region (" + std::to_string(s.reserved[kComputeRole]) +
             " pages; missing cb_reserve_back, or more pack_tile calls than reserved pages?)");
  const uint32_t format = krt::cb_data_format(cb);
  const uint32_t page = krt::cb_page_bytes(cb);
  const uint32_t tb = checked_tile_bytes(cb, format, page, "pack_tile");
  const uint32_t addr = krt::cb_write_ptr(cb) + slot * page;
  check_in_ring(s, cb, slot, addr, tb, "pack_tile");
  auto* out = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr));
  const PackOptions opt{cs.pack_rounding, cs.pack_fp16_flush_subnormals};
  if (cs.pack_l1_acc) {
    // L1 accumulation: the packer adds DST onto what the slot already holds.
    alignas(64) float sum[kTileElems];
    unpack_tile(format, out, sum, false);
    for (uint32_t i = 0; i < kTileElems; ++i) sum[i] += d[i];
    emu::compute::pack_tile(format, sum, out, opt);
  } else {
    emu::compute::pack_tile(format, d, out, opt);
  }
}

void sfpu_unary(SfpuUnaryOp op, uint32_t dst, uint32_t p0, uint32_t p1) {
  ComputeState& cs = state();
  const char* name = unary_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuUnaryOp::kCount))
    emu::fail_run(std::string("unknown SFPU unary op ") + std::to_string(static_cast<uint32_t>(op)));
  float* t = dst_tile(cs, dst, name);
  apply_unary(op, t, p0, p1);
  if (!unary_is_bitwise(op)) narrow_if_16bit(cs, t, Rounding::kTruncate);  // SFPSTORE truncates
}

void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out) {
  ComputeState& cs = state();
  const char* name = binary_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(SfpuBinaryOp::kCount))
    emu::fail_run(std::string("unknown SFPU binary op ") + std::to_string(static_cast<uint32_t>(op)));
  const float* a = dst_tile(cs, dst_a, name);
  const float* b = dst_tile(cs, dst_b, name);
  float* o = dst_tile(cs, dst_out, name);
  apply_binary(op, a, b, o);
  if (!binary_is_bitwise(op))
    narrow_if_16bit(cs, o, binary_rounds_to_nearest(op) ? Rounding::kNearestEven : Rounding::kTruncate);
}

void sfpu_typecast(uint32_t dst, uint32_t in_format, uint32_t out_format) {
  ComputeState& cs = state();
  require_math(cs, "typecast_tile");
  apply_typecast(dst_tile(cs, dst, "typecast_tile"), in_format, out_format);
}

void fpu_binary(FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst) {
  ComputeState& cs = state();
  const char* name = fpu_name(op);
  require_math(cs, name);
  if (static_cast<uint32_t>(op) >= static_cast<uint32_t>(FpuBinaryOp::kCount))
    emu::fail_run(std::string("unknown FPU op ") + std::to_string(static_cast<uint32_t>(op)));
  float* d = dst_tile(cs, dst, name);
  alignas(64) float a[kTileElems];
  alignas(64) float b[kTileElems];
  unpack(cb0, tile0, a, /*through_src_regs=*/true, name);
  unpack(cb1, tile1, b, /*through_src_regs=*/true, name);
  // Written, not accumulated: DST is zero after acquire, so a single op per
  // index equals silicon's accumulate (a second op into one index: unconfirmed).
  apply_fpu_binary(op, a, b, d);
  narrow_if_16bit(cs, d, Rounding::kTruncate);
}

}  // namespace zyxtt::krt
