// matmul_fused's AVX2 path: 8 lanes, blocks of two rows (16 registers: a
// row's 32 columns are four accumulators), both operands masked into copies
// once per tile rather than at each of the 16 row blocks' loads.
#include "device/emu/compute/matmul_fused_isa.h"

// GCC 12 takes the intrinsics' deliberately undefined start values for uninitialised reads.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

namespace zyxtt::emu::compute::fused {
namespace {

#pragma GCC push_options
#pragma GCC target("avx2,fma")

inline uint32_t reduce_max(__m256i v) {
  __m128i m = _mm_max_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  m = _mm_max_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_max_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(m));
}
inline uint32_t reduce_min(__m256i v) {
  __m128i m = _mm_min_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(m));
}
inline uint32_t reduce_or(__m256i v) {
  __m128i m = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  m = _mm_or_si128(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_or_si128(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(m));
}

inline __m256 set_mask(uint32_t mask) { return _mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(mask))); }

// The words of `in` & mask, stored to `out` and summarised (kBits: their OR
// too). The quick pass looks at exponent bytes only (byte 3 of each doubled
// word), so a zero and a subnormal look alike: false when a word has
// exponent 0, and then `summarize` tells them apart.
template <bool kBits>
bool summarize_exponents(const float* in, uint32_t mask, float* out, Summary& s) {
  const __m256 m = set_mask(mask);
  __m256i max = _mm256_setzero_si256(), min = _mm256_set1_epi32(-1), bits = _mm256_setzero_si256();
  for (uint32_t i = 0; i < kTileElems; i += 8) {
    const __m256 v = _mm256_and_ps(_mm256_loadu_ps(in + i), m);
    _mm256_store_ps(out + i, v);
    const __m256i w = _mm256_castps_si256(v), w2 = _mm256_add_epi32(w, w);
    max = _mm256_max_epu8(max, w2);
    min = _mm256_min_epu8(min, w2);
    if constexpr (kBits) bits = _mm256_or_si256(bits, w);
  }
  s = {reduce_max(_mm256_srli_epi32(max, 24)) << 24, reduce_min(_mm256_srli_epi32(min, 24)) << 24,
       reduce_or(bits) << 1};
  return s.min2 != 0;
}

// The exact summary of words already masked into `in`: min over nonzero
// words as a max over their negations (0 stays 0).
template <bool kBits>
void summarize(const float* in, Summary& s) {
  __m256i max2 = _mm256_setzero_si256(), neg_min2 = max2, bits = max2;
  for (uint32_t i = 0; i < kTileElems; i += 8) {
    const __m256i w = _mm256_castps_si256(_mm256_load_ps(in + i)), w2 = _mm256_add_epi32(w, w);
    max2 = _mm256_max_epu32(max2, w2);
    neg_min2 = _mm256_max_epu32(neg_min2, _mm256_sub_epi32(_mm256_setzero_si256(), w2));
    if constexpr (kBits) bits = _mm256_or_si256(bits, w2);
  }
  s = {reduce_max(max2), 0u - reduce_max(neg_min2), reduce_or(bits)};
}

template <bool kBits>
Summary summary_of(const float* in, uint32_t mask, float* out) {
  Summary s;
  if (!summarize_exponents<kBits>(in, mask, out, s)) summarize<kBits>(out, s);
  return s;
}

// Rows r0, r0 + 1 of dst += a . b, as matmul_loop<false> in tile_math.cpp
// with eight lanes (same blocking, same k order, same DST writes) with fused
// multiply-adds. Not inlined: inside a larger function GCC keeps the
// accumulators on the stack.
template <bool kDst16>
__attribute__((noinline)) void row_block(const float* a, const float* b, uint32_t r0, float* dst, const Dst16* dst16) {
  constexpr uint32_t kRows = 2, kParts = 4;
  // Where part p of a row starts: the first face's 16 columns, then 256 floats on.
  constexpr auto at = [](uint32_t p) { return p / 2 * 256 + p % 2 * 8; };
  const uint32_t row_base = tile_index(r0, 0);
  __m256 acc[kRows][kParts];
  for (auto& row : acc)
    for (auto& v : row) v = _mm256_setzero_ps();
  float* d = dst + row_base;
  auto add_to_dst = [&] {
    for (uint32_t i = 0; i < kRows; ++i)
      for (uint32_t p = 0; p < kParts; ++p) {
        float* q = d + i * 16 + at(p);
        _mm256_storeu_ps(q, _mm256_add_ps(_mm256_loadu_ps(q), acc[i][p]));
      }
  };
  for (uint32_t kf = 0; kf < 2; ++kf) {
    const float* a_rows = a + row_base + kf * 256;
    const float* b_rows = b + kf * 512;
#pragma GCC unroll 16
    for (uint32_t k = 0; k < 16; ++k) {
      __m256 bk[kParts];
      for (uint32_t p = 0; p < kParts; ++p) bk[p] = _mm256_load_ps(b_rows + k * 16 + at(p));
      for (uint32_t i = 0; i < kRows; ++i) {
        const __m256 ark = _mm256_broadcast_ss(a_rows + i * 16 + k);
        for (uint32_t p = 0; p < kParts; ++p) acc[i][p] = _mm256_fmadd_ps(ark, bk[p], acc[i][p]);
      }
    }
    if constexpr (kDst16) {
      add_to_dst();
      for (uint32_t i = 0; i < kRows; ++i) {
        for (uint32_t e = 0; e < 16; ++e) {
          d[i * 16 + e] = round_dst16(d[i * 16 + e], *dst16);
          d[256 + i * 16 + e] = round_dst16(d[256 + i * 16 + e], *dst16);
        }
        for (auto& v : acc[i]) v = _mm256_setzero_ps();
      }
    }
  }
  if constexpr (!kDst16) add_to_dst();
}

}  // namespace

template <bool kBits>
bool tile_avx2(const float* a, const float* b, uint32_t mask_a, uint32_t mask_b, float* dst, const Dst16* dst16) {
  alignas(64) float a_masked[kTileElems], b_masked[kTileElems];
  if (!products_exact(summary_of<kBits>(a, mask_a, a_masked), summary_of<kBits>(b, mask_b, b_masked))) return false;
  for (uint32_t r0 = 0; r0 < 32; r0 += 2) {
    if (dst16) row_block<true>(a_masked, b_masked, r0, dst, dst16);
    else row_block<false>(a_masked, b_masked, r0, dst, nullptr);
  }
  return true;
}

template bool tile_avx2<false>(const float*, const float*, uint32_t, uint32_t, float*, const Dst16*);
template bool tile_avx2<true>(const float*, const float*, uint32_t, uint32_t, float*, const Dst16*);

#pragma GCC pop_options

}  // namespace zyxtt::emu::compute::fused
