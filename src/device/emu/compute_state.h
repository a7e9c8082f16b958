// What a core's compute engine holds between krt compute calls: DST, its
// handshake phase, the configured CBs and the numeric-model switches.
#pragma once

#include <array>
#include <cstdint>

#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

struct Tile {
  alignas(64) float v[1024];
};
// SFPI code indexes DST across tiles (sfpu_dst_open): no padding between them.
static_assert(sizeof(Tile) == 1024 * sizeof(float));

struct ComputeState {
  // DST register file: physical size, capacity checked against `dst_capacity`.
  std::array<Tile, 16> dst{};
  uint32_t dst_capacity = 4;  // fp32 accumulation, half sync
  enum class DstPhase { kIdle, kAcquired, kCommitted, kWaited } phase = DstPhase::kIdle;
  bool fp32_dest_acc = true;
  uint32_t unpack_cb = 0;  // formats configured by the last init / reconfig
  uint32_t pack_cb = 0;
  // ---- added by the compute library (src/device/emu/compute/) ----
  uint32_t unpack_cb_b = 0;   // srcB operand of the last init / reconfig
  bool dst_legacy = false;    // acquire_dst(): math and pack share one phase
  // PACK's tile_regs_wait came before MATH's tile_regs_commit in the source
  // (legal: each TRISC runs only its own calls); pack_tile may then run, and
  // once it has, no math op may follow before the commit (silicon would pack it).
  bool pack_waited_early = false;
  bool packed_early = false;
  bool pack_l1_acc = false;   // pack_reconfig_l1_acc: pack adds into L1
  uint32_t pack_rows = 0;     // pack_rows_init: rows of 16 datums pack_rows writes (0: not configured)
  bool fpu_acc_to_dest = false;
  uint32_t matmul_transpose = 0;  // transpose argument of the last matmul init
  uint32_t reduce_block_ct_dim = 1;  // block width of the last reduce_block_max_row_init_runtime
  // What llk_unpack_AB_matmul loaded into SrcA/SrcB for the next llk_math_matmul.
  struct MatmulOperands {
    bool loaded = false;
    uint32_t cb0, cb1, tile0, tile1, ct_dim, rt_dim, kt_dim;
  } matmul_operands;
  // Packer ReLU (llk_pack_relu_config): ReluType and its 16-bit threshold.
  uint32_t pack_relu_mode = 0, pack_relu_threshold = 0;
  // SFPU local registers that outlive a call (krt sfpu_lregs).
  std::array<uint32_t, krt::kSfpuLregWords> sfpu_lregs{};
  bool sfpu_lregs_taken = false;  // a kernel got sfpu_lregs' address since the last reset
  uint32_t dst_written = 0;   // bit i: DST tile i written since the last release (reduce MAX)
  // bit i: DST tile i reads as zero but its memory is not cleared yet. A
  // release only sets bits; the clear happens when the tile is next handed
  // out, and not at all when an op overwrites the whole tile.
  uint32_t dst_stale = ~0u;
  // Numeric-model switches; defaults follow silicon as best known.
  // fp32 CB data passing through SrcA/SrcB keeps TF32 precision: the low 13
  // mantissa bits are dropped (truncation). FPU operands always pass there.
  bool unpack_fp32_as_tf32 = true;
  // Bit i: copy_tile of CB i (Float32) unpacks straight into DST
  // (UnpackToDestFp32), exact, instead of through SrcA. Per program CB, off
  // with --unpack-to-dest=default.
  uint64_t unpack_to_dest_cbs = 0;
  enum class Rounding : uint8_t { kNearestEven, kHalfAwayFromZero, kTruncate };
  Rounding pack_rounding = Rounding::kNearestEven;  // DST fp32 -> bf16 / fp16 CB
  // Math fidelity phases of FPU multiplies, 1 (LoFi) to 4 (HiFi4): from the
  // compute kernel's record (its MATH_FIDELITY).
  uint32_t fidelity_phases = 4;
  // FPU results written to a 16-bit DST are rounded (the ISA's functional
  // model: RoundToBF16 / RoundToFP16); the tie rule is unconfirmed.
  Rounding fpu_dst16_rounding = Rounding::kNearestEven;
  bool pack_fp16_flush_subnormals = false;          // fp16 results below 2^-14 -> 0
  // Bfp4_b code bytes: element 2k in the high nibble instead of the low one
  // (unconfirmed); unpack and pack both follow it.
  bool bfp4_high_nibble_first = false;
  // How Int8 (sign-magnitude in L1) sits in a DST word: a two's-complement
  // int32, or Dst's sign-magnitude "Integer 32" (bit 31 sign, bits 0-30
  // magnitude, -0 kept). Pack saturates the magnitude to 127 either way.
  enum class Int8Dst : uint8_t { kTwosComplement, kSignMagnitude };
  Int8Dst int8_dst = Int8Dst::kTwosComplement;
};

}  // namespace zyxtt::emu
