// matmul_fused's AVX-512 path: 16 lanes, blocks of eight rows.
#include "device/emu/compute/matmul_fused_isa.h"

// GCC 12 takes the intrinsics' deliberately undefined start values for uninitialised reads.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

namespace zyxtt::emu::compute::fused {
namespace {

#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512dq,fma")

struct Running {  // all zero to start
  __m512i max2, neg_min2, bits;
};

// min over nonzero words as a max over their negations (0 stays 0).
template <bool kBits>
inline void note(Running& s, __m512 v) {
  const __m512i w = _mm512_castps_si512(v);
  const __m512i w2 = _mm512_add_epi32(w, w);
  s.max2 = _mm512_max_epu32(s.max2, w2);
  s.neg_min2 = _mm512_max_epu32(s.neg_min2, _mm512_sub_epi32(_mm512_setzero_si512(), w2));
  if constexpr (kBits) s.bits = _mm512_or_si512(s.bits, w2);
}

inline Summary finish(const Running& s) {
  const uint32_t neg_min2 = _mm512_reduce_max_epu32(s.neg_min2);
  return {static_cast<uint32_t>(_mm512_reduce_max_epu32(s.max2)), 0u - neg_min2,
          static_cast<uint32_t>(_mm512_reduce_or_epi32(s.bits))};
}

// The summaries of a & mask_a and b & mask_b, the masked a in a_out; one
// loop for both keeps two independent chains in flight. kBits: OR the words
// too (else `bits` stays 0: the masks bound the significands).
template <bool kBits>
void summarize(const float* a, uint32_t mask_a, float* a_out, Summary& sa, const float* b, uint32_t mask_b,
               Summary& sb) {
  const __m512 ma = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(mask_a)));
  const __m512 mb = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(mask_b)));
  Running ra{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()}, rb = ra;
  for (uint32_t i = 0; i < kTileElems; i += 16) {
    const __m512 va = _mm512_and_ps(_mm512_loadu_ps(a + i), ma);
    _mm512_store_ps(a_out + i, va);
    note<kBits>(ra, va);
    note<kBits>(rb, _mm512_and_ps(_mm512_loadu_ps(b + i), mb));
  }
  sa = finish(ra);
  sb = finish(rb);
}

// The quick pass: exponent bytes only (byte 3 of each doubled word), so a
// zero and a subnormal look alike; a tile with either (exponent 0) takes
// summarize. Max and min exponent land in a Summary's top byte, bits as there.
template <bool kBits>
bool summarize_exponents(const float* a, uint32_t mask_a, float* a_out, Summary& sa, const float* b, uint32_t mask_b,
                         Summary& sb) {
  const __m512 ma = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(mask_a)));
  const __m512 mb = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(mask_b)));
  __m512i a_max = _mm512_setzero_si512(), a_min = _mm512_set1_epi32(-1), a_bits = _mm512_setzero_si512();
  __m512i b_max = a_max, b_min = a_min, b_bits = a_bits;
  for (uint32_t i = 0; i < kTileElems; i += 16) {
    const __m512 va = _mm512_and_ps(_mm512_loadu_ps(a + i), ma);
    _mm512_store_ps(a_out + i, va);
    const __m512i wa = _mm512_castps_si512(va), wa2 = _mm512_add_epi32(wa, wa);
    a_max = _mm512_max_epu8(a_max, wa2);
    a_min = _mm512_min_epu8(a_min, wa2);
    const __m512i wb = _mm512_castps_si512(_mm512_loadu_ps(b + i)), wb2 = _mm512_add_epi32(wb, wb);
    b_max = _mm512_max_epu8(b_max, wb2);
    b_min = _mm512_min_epu8(b_min, wb2);
    if constexpr (kBits) {
      a_bits = _mm512_or_si512(a_bits, wa);
      b_bits = _mm512_or_si512(b_bits, _mm512_castps_si512(_mm512_and_ps(_mm512_castsi512_ps(wb), mb)));
    }
  }
  auto top = [](__m512i v, bool is_max) {
    const __m512i e = _mm512_srli_epi32(v, 24);
    return static_cast<uint32_t>(is_max ? _mm512_reduce_max_epu32(e) : _mm512_reduce_min_epu32(e)) << 24;
  };
  sa = {top(a_max, true), top(a_min, false), static_cast<uint32_t>(_mm512_reduce_or_epi32(a_bits)) << 1};
  sb = {top(b_max, true), top(b_min, false), static_cast<uint32_t>(_mm512_reduce_or_epi32(b_bits)) << 1};
  return sa.min2 != 0 && sb.min2 != 0;
}

// Rows r0..r0+7 of dst += a . b, as matmul_loop<false> in tile_math.cpp
// (same blocking, same k order, same DST writes) with fused multiply-adds;
// b is masked as it is loaded. Not inlined: inside a larger function GCC
// keeps the accumulators on the stack.
template <bool kDst16>
__attribute__((noinline)) void row_block(const float* a, const float* b, __m512 b_mask, uint32_t r0, float* dst, const Dst16* dst16) {
  constexpr uint32_t kRows = 8;
  const uint32_t row_base = tile_index(r0, 0);
  __m512 lo[kRows], hi[kRows];
  for (uint32_t i = 0; i < kRows; ++i) lo[i] = hi[i] = _mm512_setzero_ps();
  float* d = dst + row_base;
  for (uint32_t kf = 0; kf < 2; ++kf) {
    const float* a_rows = a + row_base + kf * 256;
    const float* b_rows = b + kf * 512;
#pragma GCC unroll 16
    for (uint32_t k = 0; k < 16; ++k) {
      const __m512 b_lo = _mm512_and_ps(_mm512_loadu_ps(b_rows + k * 16), b_mask);
      const __m512 b_hi = _mm512_and_ps(_mm512_loadu_ps(b_rows + 256 + k * 16), b_mask);
#pragma GCC unroll 8
      for (uint32_t i = 0; i < kRows; ++i) {
        const __m512 ark = _mm512_set1_ps(a_rows[i * 16 + k]);
        lo[i] = _mm512_fmadd_ps(ark, b_lo, lo[i]);
        hi[i] = _mm512_fmadd_ps(ark, b_hi, hi[i]);
      }
    }
    if constexpr (kDst16) {
      for (uint32_t i = 0; i < kRows; ++i) {
        _mm512_storeu_ps(d + i * 16, _mm512_add_ps(_mm512_loadu_ps(d + i * 16), lo[i]));
        _mm512_storeu_ps(d + 256 + i * 16, _mm512_add_ps(_mm512_loadu_ps(d + 256 + i * 16), hi[i]));
        for (uint32_t e = 0; e < 16; ++e) {
          d[i * 16 + e] = round_dst16(d[i * 16 + e], *dst16);
          d[256 + i * 16 + e] = round_dst16(d[256 + i * 16 + e], *dst16);
        }
        lo[i] = hi[i] = _mm512_setzero_ps();
      }
    }
  }
  if constexpr (!kDst16) {
    for (uint32_t i = 0; i < kRows; ++i) {
      _mm512_storeu_ps(d + i * 16, _mm512_add_ps(_mm512_loadu_ps(d + i * 16), lo[i]));
      _mm512_storeu_ps(d + 256 + i * 16, _mm512_add_ps(_mm512_loadu_ps(d + 256 + i * 16), hi[i]));
    }
  }
}

}  // namespace

// a is masked into a copy (each word is broadcast once), b is masked per
// load; both are checked first, so a declined call writes nothing.
template <bool kBits>
bool tile_avx512(const float* a, const float* b, uint32_t mask_a, uint32_t mask_b, float* dst, const Dst16* dst16) {
  alignas(64) float a_masked[kTileElems];
  Summary sa, sb;
  if (!summarize_exponents<kBits>(a, mask_a, a_masked, sa, b, mask_b, sb))
    summarize<kBits>(a, mask_a, a_masked, sa, b, mask_b, sb);
  if (!products_exact(sa, sb)) return false;
  const __m512 b_mask = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(mask_b)));
  for (uint32_t r0 = 0; r0 < 32; r0 += 8) {
    if (dst16) row_block<true>(a_masked, b, b_mask, r0, dst, dst16);
    else row_block<false>(a_masked, b, b_mask, r0, dst, nullptr);
  }
  return true;
}

template bool tile_avx512<false>(const float*, const float*, uint32_t, uint32_t, float*, const Dst16*);
template bool tile_avx512<true>(const float*, const float*, uint32_t, uint32_t, float*, const Dst16*);

#pragma GCC pop_options

}  // namespace zyxtt::emu::compute::fused
