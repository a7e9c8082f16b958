// Names of enum values at compile time, for the enum formatter of
// <tt_stl/fmt.hpp>: tt-metal prints enums through enchantum in its scoped form
// ("TensorMemoryLayout::HEIGHT_SHARDED"); Debian ships no enum-reflection
// library, so the names are read off the compiler's __PRETTY_FUNCTION__ for
// every value in [kEnumNameMin, kEnumNameMax], enchantum's default range.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace ttsl::detail {

inline constexpr int kEnumNameMin = -256;
inline constexpr int kEnumNameMax = 256;

// The text after "V = " (or "T = ") up to ';' or ']' in a pretty function name.
constexpr std::string_view pretty_argument(std::string_view pretty, std::string_view key) {
  const std::size_t at = pretty.find(key);
  if (at == std::string_view::npos) return {};
  pretty.remove_prefix(at + key.size());
  return pretty.substr(0, pretty.find_first_of(";]"));
}

constexpr std::string_view last_component(std::string_view qualified) {
  const std::size_t at = qualified.rfind("::");
  return at == std::string_view::npos ? qualified : qualified.substr(at + 2);
}

template <auto V>
constexpr std::string_view value_pretty_name() {
  return __PRETTY_FUNCTION__;
}

template <typename T>
constexpr std::string_view type_pretty_name() {
  return __PRETTY_FUNCTION__;
}

// "HEIGHT_SHARDED" for a named value; empty for a value the enum does not
// name (the compilers print those as a cast, "(ns::E)7").
template <auto V>
constexpr std::string_view value_name() {
  const std::string_view value = pretty_argument(value_pretty_name<V>(), "V = ");
  if (value.empty() || value.front() == '(') return {};
  return last_component(value);
}

template <typename E>
constexpr std::string_view enum_type_name() {
  return last_component(pretty_argument(type_pretty_name<E>(), "T = "));
}

template <typename E>
constexpr long long enum_scan_first() {
  using U = std::underlying_type_t<E>;
  return std::max<long long>(kEnumNameMin, static_cast<long long>(std::numeric_limits<U>::min()));
}

template <typename E>
constexpr long long enum_scan_last() {
  using U = std::underlying_type_t<E>;
  return std::min<long long>(kEnumNameMax, static_cast<long long>(std::numeric_limits<U>::max()));
}

template <typename E, std::size_t... I>
constexpr auto enum_names_table(std::index_sequence<I...>) {
  return std::array<std::string_view, sizeof...(I)>{
      value_name<static_cast<E>(enum_scan_first<E>() + static_cast<long long>(I))>()...};
}

template <typename E>
inline constexpr auto kEnumNames = enum_names_table<E>(
    std::make_index_sequence<static_cast<std::size_t>(enum_scan_last<E>() - enum_scan_first<E>() + 1)>());

// The value's name, or nothing when the enum does not name it (or it lies
// outside the scanned range).
template <typename E>
  requires std::is_enum_v<E>
constexpr std::optional<std::string_view> enum_value_name(E value) {
  const auto raw = static_cast<long long>(static_cast<std::underlying_type_t<E>>(value));
  if (raw < enum_scan_first<E>() || raw > enum_scan_last<E>()) return std::nullopt;
  const std::string_view name = kEnumNames<E>[static_cast<std::size_t>(raw - enum_scan_first<E>())];
  if (name.empty()) return std::nullopt;
  return name;
}

// enchantum's scoped form, "Type::NAME"; a value the enum does not name
// prints as "Type(7)" (enchantum prints nothing, which helps no one).
template <typename E>
  requires std::is_enum_v<E>
std::string scoped_enum_name(E value) {
  std::string text(enum_type_name<E>());
  if (const auto name = enum_value_name(value)) {
    text += "::";
    text += *name;
  } else {
    text += '(' + std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<E>>(value))) + ')';
  }
  return text;
}

}  // namespace ttsl::detail
