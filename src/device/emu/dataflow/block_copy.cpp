#include "device/emu/dataflow/block_copy.h"

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace zyxtt::emu {
namespace {

// The vector loops' range (measured: below it glibc is as fast, above it
// `rep movsb` wins).
constexpr size_t kMinBytes = 512, kMaxBytes = 8192;

// Whole vectors, then one last vector ending at the last byte (it overlaps
// what was copied already, which is why the ranges may not overlap).
__attribute__((target("avx512f"))) void copy_avx512(uint8_t* d, const uint8_t* s, size_t n) {
  size_t i = 0;
  for (; i + 256 <= n; i += 256) {
    const __m512i a = _mm512_loadu_si512(s + i), b = _mm512_loadu_si512(s + i + 64);
    const __m512i c = _mm512_loadu_si512(s + i + 128), e = _mm512_loadu_si512(s + i + 192);
    _mm512_storeu_si512(d + i, a);
    _mm512_storeu_si512(d + i + 64, b);
    _mm512_storeu_si512(d + i + 128, c);
    _mm512_storeu_si512(d + i + 192, e);
  }
  for (; i + 64 <= n; i += 64) _mm512_storeu_si512(d + i, _mm512_loadu_si512(s + i));
  if (i < n) _mm512_storeu_si512(d + n - 64, _mm512_loadu_si512(s + n - 64));
}

__attribute__((target("avx2"))) void copy_avx2(uint8_t* d, const uint8_t* s, size_t n) {
  using V = __m256i;
  size_t i = 0;
  for (; i + 128 <= n; i += 128) {
    const V a = _mm256_loadu_si256(reinterpret_cast<const V*>(s + i));
    const V b = _mm256_loadu_si256(reinterpret_cast<const V*>(s + i + 32));
    const V c = _mm256_loadu_si256(reinterpret_cast<const V*>(s + i + 64));
    const V e = _mm256_loadu_si256(reinterpret_cast<const V*>(s + i + 96));
    _mm256_storeu_si256(reinterpret_cast<V*>(d + i), a);
    _mm256_storeu_si256(reinterpret_cast<V*>(d + i + 32), b);
    _mm256_storeu_si256(reinterpret_cast<V*>(d + i + 64), c);
    _mm256_storeu_si256(reinterpret_cast<V*>(d + i + 96), e);
  }
  for (; i + 32 <= n; i += 32)
    _mm256_storeu_si256(reinterpret_cast<V*>(d + i), _mm256_loadu_si256(reinterpret_cast<const V*>(s + i)));
  if (i < n)
    _mm256_storeu_si256(reinterpret_cast<V*>(d + n - 32), _mm256_loadu_si256(reinterpret_cast<const V*>(s + n - 32)));
}

void copy_libc(uint8_t* d, const uint8_t* s, size_t n) { std::memmove(d, s, n); }

using CopyFn = void (*)(uint8_t*, const uint8_t*, size_t);

CopyFn pick() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return copy_avx512;
  if (__builtin_cpu_supports("avx2")) return copy_avx2;
  return copy_libc;
}

}  // namespace

void block_copy(void* dst, const void* src, size_t bytes) {
  auto* d = static_cast<uint8_t*>(dst);
  const auto* s = static_cast<const uint8_t*>(src);
  const bool overlap = d < s + bytes && s < d + bytes;
  if (bytes < kMinBytes || bytes > kMaxBytes || overlap) return copy_libc(d, s, bytes);
  static const CopyFn copy = pick();
  copy(d, s, bytes);
}

}  // namespace zyxtt::emu
