// int32 limits and comparison (tt-metal's api/numeric/int32.h).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

inline constexpr int32_t NEG_INF_INT32 = INT32_MIN;
inline constexpr int32_t POS_INF_INT32 = INT32_MAX;
inline constexpr uint32_t INT32_SIGN_MASK = 0x80000000;

inline bool int32_greater(int32_t a, int32_t b) { return a > b; }
