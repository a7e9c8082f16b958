// Division by small constants (tt-metal's internal/mod_div_lib.h). The RISC-V
// cores lack a divider, so tt-metal multiplies by reciprocals; on the host a
// plain division gives the same quotients.
#pragma once

#include <cstdint>

#define ZYXTT_FAST_UDIV(d) \
  inline __attribute__((always_inline)) uint32_t fast_udiv_##d(uint32_t n) { return n / d##u; }
ZYXTT_FAST_UDIV(7) ZYXTT_FAST_UDIV(12) ZYXTT_FAST_UDIV(20) ZYXTT_FAST_UDIV(48) ZYXTT_FAST_UDIV(56)
ZYXTT_FAST_UDIV(63) ZYXTT_FAST_UDIV(70) ZYXTT_FAST_UDIV(72) ZYXTT_FAST_UDIV(80) ZYXTT_FAST_UDIV(94)
ZYXTT_FAST_UDIV(108) ZYXTT_FAST_UDIV(110) ZYXTT_FAST_UDIV(117) ZYXTT_FAST_UDIV(120) ZYXTT_FAST_UDIV(124)
ZYXTT_FAST_UDIV(126) ZYXTT_FAST_UDIV(130) ZYXTT_FAST_UDIV(140)
#undef ZYXTT_FAST_UDIV

inline __attribute__((always_inline)) unsigned int mulsi3(unsigned int a, unsigned int b) { return a * b; }

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t udivsi3_const_divisor(uint32_t n) {
  static_assert(d != 0, "udivsi3_const_divisor: division by zero");
  return n / d;
}

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t umodsi3_const_divisor(uint32_t n) {
  static_assert(d != 0, "umodsi3_const_divisor: division by zero");
  return n % d;
}
