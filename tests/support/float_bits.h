// Encoding and decoding of the 16-bit float formats the protocol carries,
// written from the IEEE / bfloat16 definitions so tests never borrow the
// emulator's own.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace zyxtt::testing {

inline uint32_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }
inline float float_of(uint32_t u) { return std::bit_cast<float>(u); }
// fp32 with the low 13 mantissa bits cleared: what an FPU source register
// (TF32) keeps of it.
inline float tf32_truncate(float f) { return float_of(bits_of(f) & 0xFFFFE000u); }

inline float half_to_float(uint16_t h) {
  const uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float value;
  if (exp == 0) value = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31) value = mant ? NAN : INFINITY;
  else value = std::ldexp(static_cast<float>(mant | 0x400), static_cast<int>(exp) - 25);
  return sign ? -value : value;
}

inline float bf16_to_float(uint16_t b) {
  const uint32_t bits = uint32_t{b} << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Round to nearest even: finite values (overflow gives infinity),
// infinities, and NaN only as the default quiet NaN 0x7FC00000.
inline uint16_t float_to_bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  u += 0x7FFF + ((u >> 16) & 1);
  return static_cast<uint16_t>(u >> 16);
}

}  // namespace zyxtt::testing
