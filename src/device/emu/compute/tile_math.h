// The emulator's math library: plain loops over the 1024 words of a DST tile,
// one body per op (tile_math.cpp), chosen by the op enums of
// kernel-api/zyxtt/compute_ops.h. No emulator state: callers handle DST
// indexing, phases and narrowing.
#pragma once

#include <cstdint>

#include "device/emu/compute/formats.h"
#include "zyxtt/compute_ops.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu::compute {

// ---- How the FPU multiplies and writes DST (docs/fidelity.md, "Math fidelity"
// and "16-bit DST") ----

// Fidelity phases of an FPU multiply: 1 (LoFi) to 4 (HiFi4). The multiplier
// takes SrcA in a high slice (implicit one + top 4 mantissa bits) and the rest,
// SrcB in a high slice (implicit one + top 6) and the rest; phase 0 multiplies
// the high slices, 1 adds SrcA's rest x SrcB's high, 2 SrcA's high x SrcB's
// rest, 3 the two rests. fidelity_mul is the sum of the first `phases`
// partial products of srca x srcb: exact in fp32 for TF32, bf16 or fp16
// operands; 4 phases give the full product.
float fidelity_mul(float srca, float srcb, uint32_t phases);
// The high slices as masks of the fp32 word.
constexpr uint32_t kSrcAHighMask = 0xFFF80000u;  // sign, exponent, top 4 mantissa bits
constexpr uint32_t kSrcBHighMask = 0xFFFE0000u;  // sign, exponent, top 6 mantissa bits

// A 16-bit DST (fp32 accumulation off): every FPU write to DST is rounded to
// `format` (Float16_b or Float16).
struct Dst16 {
  uint32_t format;
  Rounding rounding;
};
inline float round_dst16(float v, const Dst16& d) { return to_dst16(v, d.format, d.rounding); }

// In place on `t`. p0/p1 are the API call's 32-bit params.
void apply_unary(krt::SfpuUnaryOp op, float* t, uint32_t p0, uint32_t p1);
// out[i] = a[i] op b[i]; out may alias a or b.
void apply_binary(krt::SfpuBinaryOp op, const float* a, const float* b, float* out);
// `a` is the SrcA operand; mul takes `phases` fidelity phases.
void apply_fpu_binary(krt::FpuBinaryOp op, const float* a, const float* b, float* out, uint32_t phases = 4);
// out[i] = op(a[i], b[i], c[i]) (ternary_math.cpp); out may alias any input.
void apply_ternary(krt::SfpuTernaryOp op, const float* a, const float* b, const float* c, float* out, uint32_t p0,
                   uint32_t p1 = 0);
// where picks whole words and quant / requant give integers: nothing to round.
bool ternary_selects(krt::SfpuTernaryOp op);
// typecast_tile<in, out> on a 32-bit DST tile. Returns false (and leaves the
// tile alone) for pairs the hardware does not support: they are no-ops there.
// The FPU op straight from source tiles: TF32-truncates a (b) on the fly when
// tf32_a (tf32_b), and adds the result onto out when accumulate. Same results
// as truncating copies, apply_fpu_binary and a separate accumulation pass.
void apply_fpu_binary_src(krt::FpuBinaryOp op, const float* a, const float* b, float* out, bool tf32_a, bool tf32_b,
                          bool accumulate, uint32_t phases = 4);
bool apply_typecast(float* t, uint32_t in_format, uint32_t out_format);

// Whether the op's result is rounded to nearest even (else truncated) when
// DST is 16-bit: mul and div round in software on WH/BH, the rest truncate.
bool binary_rounds_to_nearest(krt::SfpuBinaryOp op);
// Ops that work on the raw 32-bit words (integer data); no 16-bit narrowing.
bool unary_is_bitwise(krt::SfpuUnaryOp op);
bool binary_is_bitwise(krt::SfpuBinaryOp op);

// Element (r, c) of a 32x32 tile in face layout (hardware-model.md section
// 1), the layout of the kernel ABI (krt_types.h).
inline constexpr uint32_t tile_index(uint32_t r, uint32_t c) { return krt::dst_word(r, c); }
void tile_to_rows(const float* tile, float* rows);  // rows[r * 32 + c]
void rows_to_tile(const float* rows, float* tile);
// The FPU's second operand as broadcast by bcast.h (kRow takes row `row`).
void broadcast_operand(krt::Bcast b, const float* in, float* out, uint32_t row = 0);
void transpose_tile(const float* in, float* out);  // out may not alias in
// dst += a . b (b transposed when transpose_b), all in face layout.
// `tf32_a` / `tf32_b`: the operand is raw fp32 (read in place from L1) and is
// truncated to TF32 on the way into the multiply, as SrcA/SrcB hold it.
// `a` (in0) sits in SrcB and `b` (in1) in SrcA, as tt-metal unpacks them;
// products take `phases` fidelity phases. With `dst16`, each 16-term partial
// dot (one MVMUL's k range) is added to DST and rounded there; without, the
// 32 products of a dot are summed in k order and added to DST once.
// On AVX-512 hosts most calls run matmul_fused (same bits, fused multiply-adds).
void matmul_acc(const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a = false,
                bool tf32_b = false, uint32_t phases = 4, const Dst16* dst16 = nullptr);
// One reduce_tile into dst: results land in column 0 (ROW), row 0 (COL) or
// [0][0] (SCALAR); other elements are untouched. `fresh`: dst was not written
// since the section was acquired, so the result overwrites (matters for MAX).
// SUM / AVG multiply `a` (SrcA) by the scaler (SrcB) at `phases` fidelity
// phases; MAX (a max pool) takes full products.
void reduce_acc(krt::ReducePool pool, krt::ReduceDim dim, const float* a, const float* scaler, float* dst, bool fresh,
                uint32_t phases = 4);

const char* unary_name(krt::SfpuUnaryOp op);   // e.g. "sin_tile"
const char* binary_name(krt::SfpuBinaryOp op);
const char* ternary_name(krt::SfpuTernaryOp op);
const char* fpu_name(krt::FpuBinaryOp op);

}  // namespace zyxtt::emu::compute
