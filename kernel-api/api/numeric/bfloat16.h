// bfloat16 bit patterns and helpers for data-movement kernels (tt-metal's
// api/numeric/bfloat16.h): scalers and fill values are built as raw bits.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>
#include <cstring>

#include "zyxtt/kernel_base.h"

inline constexpr uint16_t NEG_INF_BFLOAT16 = 0xFF80;
inline constexpr uint16_t POS_INF_BFLOAT16 = 0x7F80;
inline constexpr uint16_t NAN_BFLOAT16 = 0x7FFF;
inline constexpr uint16_t BFLOAT16_SIGN_MASK = 0x8000;

// Round to nearest, ties to even: the packer's rounding, so results match packed tiles bit for bit.
FORCE_INLINE std::uint16_t fp32_to_bf16(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return std::uint16_t(bits >> 16);
}

// a > b as sign-magnitude numbers (NaN patterns are not special; +0 > -0).
inline bool bfloat16_greater(uint16_t a, uint16_t b) {
  const bool a_neg = (a & BFLOAT16_SIGN_MASK) != 0;
  const bool b_neg = (b & BFLOAT16_SIGN_MASK) != 0;
  if (a_neg != b_neg) return b_neg;
  return a_neg ? a < b : a > b;
}
