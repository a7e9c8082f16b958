// The part of enchantum (the enum-reflection library tt-metal's package
// brings) that tt-metal's programs call, on tt_stl/enum_name.hpp's names:
// Debian ships no enchantum. Names exist for values in [-256, 256], as
// enchantum's default range.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>

#include <tt_stl/enum_name.hpp>

namespace enchantum {

// The value's unscoped name ("HEIGHT_SHARDED"); empty when the enum does not name it.
template <typename E>
  requires std::is_enum_v<E>
constexpr std::string_view to_string(E value) {
  return ttsl::detail::enum_value_name(value).value_or(std::string_view{});
}

template <typename E>
  requires std::is_enum_v<E>
constexpr std::underlying_type_t<E> to_underlying(E value) {
  return static_cast<std::underlying_type_t<E>>(value);
}

// Whether the enum names this value.
template <typename E>
  requires std::is_enum_v<E>
constexpr bool contains(E value) {
  return ttsl::detail::enum_value_name(value).has_value();
}

// The value a name names, if any.
template <typename E>
  requires std::is_enum_v<E>
constexpr std::optional<E> cast(std::string_view name) {
  const auto& names = ttsl::detail::kEnumNames<E>;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!names[i].empty() && names[i] == name)
      return static_cast<E>(ttsl::detail::enum_scan_first<E>() + static_cast<long long>(i));
  }
  return std::nullopt;
}

}  // namespace enchantum
