// The vector path follows the algorithm of glibc's expf (as in Arm's
// optimized-routines, also musl's) step by step in double precision:
// exp(x) = 2^(k/32) * 2^(r/32), k = round(x * 32 / ln 2), a 32-entry table
// for 2^(i/32) (looked up by permutes with AVX-512, gathered with AVX2) and a
// cubic in r. glibc on an FMA host runs the FMA-built variant, where GCC
// fused x * 32/ln 2 into both the rounding and r = x * 32/ln 2 - k, and the
// cubic's three multiply-adds: so are they here (with r unfused, 2 of the
// 2^32 words came out one ulp off on glibc 2.36, 2026-12-07). Lanes of |x| >= 88 or NaN
// (overflow, underflow, errno) take std::exp. A host whose libm rounds
// differently is caught by a check at first use against std::exp; it then
// keeps std::exp. exp_values_test compares every float.
#include "device/emu/compute/exp_values.h"

// GCC 12 takes the intrinsics' deliberately undefined start values for uninitialised reads.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace zyxtt::emu::compute {
namespace {

constexpr int kTableBits = 5, kTable = 1 << kTableBits;
constexpr double kInvLn2N = 0x1.71547652b82fep+0 * kTable;  // 1/ln 2 in double, scaled
constexpr double kShift = 0x1.8p+52;                          // adding it rounds to an integer
constexpr double kC0 = 0x1.c6af84b912394p-5 / (kTable * kTable * kTable);
constexpr double kC1 = 0x1.ebfce50fac4f3p-3 / (kTable * kTable);
constexpr double kC2 = 0x1.62e42ff0c52d6p-1 / kTable;

// tab[i] = bits(2^(i/32)) - (i << 47): adding k << 47 for k = i + 32 m
// scales by 2^m.
struct alignas(64) Table {
  uint64_t tab[kTable];
  Table() {
    for (int i = 0; i < kTable; ++i) {
      const double v = static_cast<double>(exp2l(static_cast<long double>(i) / kTable));
      uint64_t u;
      std::memcpy(&u, &v, 8);
      tab[i] = u - (static_cast<uint64_t>(i) << (52 - kTableBits));
    }
  }
};
const Table g_table;

inline float from_words(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Eight lanes in one register of doubles.
__attribute__((target("avx512f,avx512dq,fma"))) inline __m256 exp8_avx512(__m256 x) {
  const __m512d xd = _mm512_cvtps_pd(x);
  __m512d kd = _mm512_fmadd_pd(_mm512_set1_pd(kInvLn2N), xd, _mm512_set1_pd(kShift));
  const __m512i ki = _mm512_castpd_si512(kd);
  kd = _mm512_sub_pd(kd, _mm512_set1_pd(kShift));
  const __m512d r = _mm512_fmsub_pd(_mm512_set1_pd(kInvLn2N), xd, kd);
  const __m512i idx = _mm512_and_si512(ki, _mm512_set1_epi64(kTable - 1));
  // The 32 entries fill four registers: two two-register permutes and a
  // blend on index bit 4 look them up at a fraction of a gather's cost.
  const __m512i* tz = reinterpret_cast<const __m512i*>(g_table.tab);
  const __m512i lo = _mm512_permutex2var_epi64(_mm512_load_si512(tz), idx, _mm512_load_si512(tz + 1));
  const __m512i hi = _mm512_permutex2var_epi64(_mm512_load_si512(tz + 2), idx, _mm512_load_si512(tz + 3));
  const __m512i entry = _mm512_mask_blend_epi64(_mm512_test_epi64_mask(idx, _mm512_set1_epi64(kTable / 2)), lo, hi);
  const __m512i t = _mm512_add_epi64(entry, _mm512_slli_epi64(ki, 52 - kTableBits));
  const __m512d s = _mm512_castsi512_pd(t);
  const __m512d p = _mm512_fmadd_pd(_mm512_set1_pd(kC0), r, _mm512_set1_pd(kC1));
  const __m512d r2 = _mm512_mul_pd(r, r);
  __m512d y = _mm512_fmadd_pd(_mm512_set1_pd(kC2), r, _mm512_set1_pd(1.0));
  y = _mm512_fmadd_pd(p, r2, y);
  return _mm512_cvtpd_ps(_mm512_mul_pd(y, s));
}

// The same steps on four lanes; without AVX-512's wide permutes the table is
// gathered.
__attribute__((target("avx2,fma"))) inline __m128 exp4_avx2(__m128 x) {
  const __m256d xd = _mm256_cvtps_pd(x);
  __m256d kd = _mm256_fmadd_pd(_mm256_set1_pd(kInvLn2N), xd, _mm256_set1_pd(kShift));
  const __m256i ki = _mm256_castpd_si256(kd);
  kd = _mm256_sub_pd(kd, _mm256_set1_pd(kShift));
  const __m256d r = _mm256_fmsub_pd(_mm256_set1_pd(kInvLn2N), xd, kd);
  const __m256i idx = _mm256_and_si256(ki, _mm256_set1_epi64x(kTable - 1));
  const __m256i entry = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(g_table.tab), idx, 8);
  const __m256i t = _mm256_add_epi64(entry, _mm256_slli_epi64(ki, 52 - kTableBits));
  const __m256d s = _mm256_castsi256_pd(t);
  const __m256d p = _mm256_fmadd_pd(_mm256_set1_pd(kC0), r, _mm256_set1_pd(kC1));
  const __m256d r2 = _mm256_mul_pd(r, r);
  __m256d y = _mm256_fmadd_pd(_mm256_set1_pd(kC2), r, _mm256_set1_pd(1.0));
  y = _mm256_fmadd_pd(p, r2, y);
  return _mm256_cvtpd_ps(_mm256_mul_pd(y, s));
}

__attribute__((target("avx2,fma"))) inline __m256 exp8_avx2(__m256 x) {
  return _mm256_set_m128(exp4_avx2(_mm256_extractf128_ps(x, 1)), exp4_avx2(_mm256_castps256_ps128(x)));
}

// The loop around an eight-lane step, in GCC's generic vectors so that it
// compiles inside each step's target (it is always inlined there).
template <__m256 (*kExp8)(__m256)>
[[gnu::always_inline]] inline void exp_lanes(float* x, size_t n) {
  typedef uint32_t Words __attribute__((vector_size(32)));
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v;
    std::memcpy(&v, x + i, sizeof v);
    // Lanes with |x| >= 88 or NaN: top 12 bits (sign dropped) >= those of 88.
    Words words;
    std::memcpy(&words, &v, sizeof words);
    const auto slow = ((words >> 20) & 0x7ffu) >= (0x42b00000u >> 20);  // lanes of all ones
    uint64_t any[4];
    std::memcpy(any, &slow, sizeof any);
    const __m256 e = kExp8(v);
    std::memcpy(x + i, &e, sizeof e);
    if ((any[0] | any[1] | any[2] | any[3]) != 0) {
      for (int l = 0; l < 8; ++l)
        if (slow[l]) x[i + l] = std::exp(from_words(words[l]));
    }
  }
  for (; i < n; ++i) x[i] = std::exp(x[i]);
}

__attribute__((target("avx512f,avx512dq,fma"))) void exp_vector_avx512(float* x, size_t n) {
  exp_lanes<exp8_avx512>(x, n);
}
__attribute__((target("avx2,fma"))) void exp_vector_avx2(float* x, size_t n) { exp_lanes<exp8_avx2>(x, n); }

void exp_scalar(float* x, size_t n) {
  for (size_t i = 0; i < n; ++i) x[i] = std::exp(x[i]);
}

using ExpFn = void (*)(float*, size_t);

// Whether `exp` gives std::exp's results on a sweep over every exponent (a
// libm of another algorithm differs there).
bool agrees_with_libm(ExpFn exp) {
  constexpr size_t kProbe = 1 << 14;
  static float probe[kProbe];
  for (size_t i = 0; i < kProbe; ++i) {
    const uint32_t u = static_cast<uint32_t>(i * 0x9E3779B1u) ^ static_cast<uint32_t>(i << 18);  // spread over all words
    std::memcpy(&probe[i], &u, 4);
  }
  float want[kProbe];
  for (size_t i = 0; i < kProbe; ++i) want[i] = std::exp(probe[i]);
  exp(probe, kProbe);
  return std::memcmp(probe, want, sizeof want) == 0;
}

// The widest vector path this host runs that agrees with its libm.
ExpFn pick() {
  __builtin_cpu_init();
  const bool fma = __builtin_cpu_supports("fma");
  if (fma && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      agrees_with_libm(exp_vector_avx512))
    return exp_vector_avx512;
  if (fma && __builtin_cpu_supports("avx2") && agrees_with_libm(exp_vector_avx2)) return exp_vector_avx2;
  return exp_scalar;
}

// Picked at first use, not at start-up: every process that links the tile
// math would pay the probe.
ExpFn chosen() {
  static const ExpFn exp = pick();
  return exp;
}

}  // namespace

bool exp_values_vectorised() { return chosen() != exp_scalar; }

void exp_values(float* x, size_t n) { chosen()(x, n); }

}  // namespace zyxtt::emu::compute
