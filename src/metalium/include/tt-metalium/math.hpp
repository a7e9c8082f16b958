// Integer rounding helpers of tt-metal's public math.hpp.
#pragma once

#include <cassert>
#include <cstdint>
#include <type_traits>

namespace tt {

// ceil(a / b); b must not be 0.
template <typename A, typename B>
constexpr auto div_up(A a, B b) noexcept -> std::common_type_t<A, B> {
  using T = std::common_type_t<A, B>;
  assert(b != 0 && "Divide by zero error in div_up");
  return static_cast<T>((static_cast<T>(a) + static_cast<T>(b) - 1) / static_cast<T>(b));
}

// The smallest multiple of b not below a.
template <typename A, typename B>
constexpr auto round_up(A a, B b) {
  using T = std::common_type_t<A, B>;
  return static_cast<T>(b) * div_up(static_cast<T>(a), static_cast<T>(b));
}

// The largest multiple of b not above a.
template <typename A, typename B>
constexpr auto round_down(A a, B b) {
  using T = std::common_type_t<A, B>;
  return static_cast<T>(b) * (static_cast<T>(a) / static_cast<T>(b));
}

}  // namespace tt
