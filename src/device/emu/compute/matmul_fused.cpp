// matmul_fused: the exactness rule and the choice of an instruction set's
// path (matmul_fused_avx512.cpp, matmul_fused_avx2.cpp) for this host.
#include "device/emu/compute/matmul_fused.h"

#include <vector>

#include "device/emu/compute/matmul_fused_isa.h"

namespace zyxtt::emu::compute {
namespace fused {

bool products_exact(const Summary& a, const Summary& b) {
  constexpr uint32_t kInf2 = 0xFF000000u;  // inf's magnitude bits, shifted left by one
  if (a.max2 >= kInf2 || b.max2 >= kInf2) return false;  // inf or NaN
  if (a.max2 == 0 || b.max2 == 0) return true;            // all products are +-0
  if (a.min2 < (1u << 24) || b.min2 < (1u << 24)) return false;  // a subnormal
  // Biased exponents: products stay below 2^128 and at or above 2^-126.
  if ((a.max2 >> 24) + (b.max2 >> 24) > 380 || (a.min2 >> 24) + (b.min2 >> 24) < 128) return false;
  // Significands of 24 - tz bits: together at most 24.
  auto trailing_zeros = [](uint32_t bits2) {
    const uint32_t mantissa = (bits2 >> 1) & 0x7FFFFFu;
    return mantissa ? static_cast<uint32_t>(__builtin_ctz(mantissa)) : 23u;
  };
  return trailing_zeros(a.bits) + trailing_zeros(b.bits) >= 24;
}

}  // namespace fused

std::span<const FusedIsa> matmul_fused_isas() {
  static const std::vector<FusedIsa> isas = [] {
    __builtin_cpu_init();
    std::vector<FusedIsa> found;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("fma"))
      found.push_back(FusedIsa::kAvx512);
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) found.push_back(FusedIsa::kAvx2);
    return found;
  }();
  return isas;
}

bool matmul_fused(const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a, bool tf32_b,
                  uint32_t phases, const Dst16* dst16) {
  const std::span<const FusedIsa> isas = matmul_fused_isas();
  return !isas.empty() && matmul_fused_on(isas.front(), a, b, dst, transpose_b, tf32_a, tf32_b, phases, dst16);
}

bool matmul_fused_on(FusedIsa isa, const float* a, const float* b, float* dst, bool transpose_b, bool tf32_a,
                     bool tf32_b, uint32_t phases, const Dst16* dst16) {
  if (phases == 3) return false;
  // The operands as matmul_acc multiplies them: TF32, then the fidelity
  // slices (a in SrcB, b in SrcA); inf and NaN, which slice otherwise, decline.
  constexpr uint32_t kTf32Mask = 0xFFFFE000u;  // TF32: the low 13 mantissa bits dropped
  uint32_t mask_a = tf32_a ? kTf32Mask : ~0u, mask_b = tf32_b ? kTf32Mask : ~0u;
  if (phases <= 2) mask_a &= kSrcBHighMask;
  if (phases <= 1) mask_b &= kSrcAHighMask;
  alignas(64) float bt[kTileElems];
  if (transpose_b) {
    transpose_tile(b, bt);  // element moves: commute with the masks
    b = bt;
  }
  // Masks that leave at most 24 significand bits between them spare the OR.
  const bool avx512 = isa == FusedIsa::kAvx512;
  if (__builtin_ctz(mask_a) + __builtin_ctz(mask_b) >= 24) {
    return avx512 ? fused::tile_avx512<false>(a, b, mask_a, mask_b, dst, dst16)
                  : fused::tile_avx2<false>(a, b, mask_a, mask_b, dst, dst16);
  }
  return avx512 ? fused::tile_avx512<true>(a, b, mask_a, mask_b, dst, dst16)
                : fused::tile_avx2<true>(a, b, mask_a, mask_b, dst, dst16);
}

}  // namespace zyxtt::emu::compute
