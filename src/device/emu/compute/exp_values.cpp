// The vector path follows the algorithm of glibc's expf (as in Arm's
// optimized-routines, also musl's) step by step in double precision:
// exp(x) = 2^(k/32) * 2^(r/32), k = round(x * 32 / ln 2), a 32-entry table
// for 2^(i/32) (looked up by permutes, not a gather) and a cubic in r. glibc
// on an FMA host runs the FMA-built variant, so the cubic's three
// multiply-adds are fused here too. Lanes of
// |x| >= 88 or NaN (overflow, underflow, errno) take std::exp. A host whose
// libm rounds differently is caught by a check at first use against
// std::exp; it then keeps std::exp. exp_values_test compares every float.
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

__attribute__((target("avx512f,avx512dq,fma"))) __m256 exp8(__m256 x) {
  const __m512d xd = _mm512_cvtps_pd(x);
  const __m512d z = _mm512_mul_pd(_mm512_set1_pd(kInvLn2N), xd);
  __m512d kd = _mm512_add_pd(z, _mm512_set1_pd(kShift));
  const __m512i ki = _mm512_castpd_si512(kd);
  kd = _mm512_sub_pd(kd, _mm512_set1_pd(kShift));
  const __m512d r = _mm512_sub_pd(z, kd);
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

__attribute__((target("avx512f,avx512dq,fma"))) void exp_vector(float* x, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    // Lanes with |x| >= 88 or NaN: top 12 bits (sign dropped) >= those of 88.
    const __m256i top = _mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(v), 20), _mm256_set1_epi32(0x7ff));
    const int slow = _mm256_movemask_ps(
        _mm256_castsi256_ps(_mm256_cmpgt_epi32(top, _mm256_set1_epi32(static_cast<int>((0x42b00000u >> 20) - 1)))));
    float in[8];
    if (slow) _mm256_storeu_ps(in, v);
    _mm256_storeu_ps(x + i, exp8(v));
    if (slow)
      for (int l = 0; l < 8; ++l)
        if (slow & (1 << l)) x[i + l] = std::exp(in[l]);
  }
  for (; i < n; ++i) x[i] = std::exp(x[i]);
}

void exp_scalar(float* x, size_t n) {
  for (size_t i = 0; i < n; ++i) x[i] = std::exp(x[i]);
}

// The vector path on this host: AVX-512 and the same results as std::exp on
// a sweep over every exponent (a libm of another algorithm differs there).
bool pick_vector() {
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512dq") || !__builtin_cpu_supports("fma"))
    return false;
  constexpr size_t kProbe = 1 << 14;
  static float probe[kProbe];
  for (size_t i = 0; i < kProbe; ++i) {
    const uint32_t u = static_cast<uint32_t>(i * 0x9E3779B1u) ^ static_cast<uint32_t>(i << 18);  // spread over all words
    std::memcpy(&probe[i], &u, 4);
  }
  float want[kProbe];
  for (size_t i = 0; i < kProbe; ++i) want[i] = std::exp(probe[i]);
  exp_vector(probe, kProbe);
  return std::memcmp(probe, want, sizeof want) == 0;
}

}  // namespace

bool exp_values_vectorised() {
  static const bool vector = pick_vector();
  return vector;
}

void exp_values(float* x, size_t n) {
  if (exp_values_vectorised()) return exp_vector(x, n);
  exp_scalar(x, n);
}

}  // namespace zyxtt::emu::compute
