// ttsl::ascii_caseless_comp: equality of two characters or two strings that
// ignores the case of ASCII letters only (no locale, so usable in constexpr).
#pragma once

#include <cstddef>

namespace ttsl {

struct ascii_caseless_comp_t {
  static constexpr char fold(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

  constexpr bool operator()(char a, char b) const noexcept { return fold(a) == fold(b); }

  // Any two strings of one type with size() and operator[] (string, string_view).
  template <typename String>
  constexpr bool operator()(const String& a, const String& b) const noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (fold(a[i]) != fold(b[i])) return false;
    return true;
  }
};

inline constexpr ascii_caseless_comp_t ascii_caseless_comp{};

}  // namespace ttsl
