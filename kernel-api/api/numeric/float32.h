// float32 bit patterns and an integer comparison (tt-metal's api/numeric/float32.h).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

inline constexpr uint32_t NEG_INF_FLOAT32 = 0xFF800000;
inline constexpr uint32_t POS_INF_FLOAT32 = 0x7F800000;
inline constexpr uint32_t NAN_FLOAT32 = 0x7FFFFFFF;
inline constexpr uint32_t FLOAT32_SIGN_MASK = 0x80000000;
inline constexpr uint32_t FLOAT32_EXPONENT_MASK = 0x7F800000;
inline constexpr uint32_t FLOAT32_MANTISSA_MASK = 0x007FFFFF;
inline constexpr uint32_t FLOAT32_MAGNITUDE_MASK = 0x7FFFFFFF;

// a > b on the bit patterns with IEEE's answers: false when either is NaN, and +0 == -0.
inline bool float32_greater(uint32_t a, uint32_t b) {
  const auto is_nan = [](uint32_t v) { return (v & FLOAT32_MAGNITUDE_MASK) > FLOAT32_EXPONENT_MASK; };
  if (is_nan(a) || is_nan(b)) return false;
  if ((a & FLOAT32_MAGNITUDE_MASK) == 0 && (b & FLOAT32_MAGNITUDE_MASK) == 0) return false;
  const bool a_neg = (a & FLOAT32_SIGN_MASK) != 0;
  const bool b_neg = (b & FLOAT32_SIGN_MASK) != 0;
  if (a_neg != b_neg) return b_neg;
  return a_neg ? a < b : a > b;
}
