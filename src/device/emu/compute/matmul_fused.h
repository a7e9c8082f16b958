// matmul_acc's fast path on AVX-512 and AVX2 hosts with FMA: one fused multiply-add per product
// where that gives the same bits as matmul_acc's multiply, then add.
//
// fma(a, b, c) rounds a * b + c once; multiply-then-add rounds a * b first.
// The two agree whenever a * b is exact in fp32, which holds when the
// operands' significands together need at most 24 bits (TF32 x TF32: 11 + 11)
// and no product overflows or falls below the normal range. The path checks
// exactly that on the operands of each call (their largest and smallest
// nonzero magnitude, their lowest mantissa bit) and declines otherwise.
#pragma once

#include <cstdint>
#include <span>

#include "device/emu/compute/tile_math.h"

namespace zyxtt::emu::compute {

// The instruction sets with a fused path.
enum class FusedIsa { kAvx512, kAvx2 };

// dst += a . b as matmul_acc (same arguments, same bits), or false, dst
// untouched, when this host has neither AVX-512 nor AVX2 with FMA, `phases`
// is 3 (HiFi3's two-term products), an operand holds inf, NaN or a
// subnormal, or a product could be inexact. Takes the widest set the host has.
bool matmul_fused(const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a, bool tf32_b,
                  uint32_t phases, const Dst16* dst16);

// The same on a given set, one of matmul_fused_isas() (tests run each).
bool matmul_fused_on(FusedIsa isa, const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a,
                     bool tf32_b, uint32_t phases, const Dst16* dst16);

// The sets this host runs, widest first; empty: no fused path.
std::span<const FusedIsa> matmul_fused_isas();

}  // namespace zyxtt::emu::compute
