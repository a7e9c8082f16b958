// The part of tt-metal's reflection library its programs lean on: fmt
// formatting of enums (scoped names), ranges, tuples and optionals, and
// ttsl::hash (hash_object / hash_objects, tt-metal's rules: below). Its
// attribute-based printing and the reflect-library structs are not provided.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <tt_stl/fmt.hpp>

#if FMT_VERSION < 100000  // fmt 10 formats std::optional itself (fmt/std.h)
template <typename T>
struct fmt::formatter<std::optional<T>> : fmt::formatter<std::string_view> {
  auto format(const std::optional<T>& value, fmt::format_context& ctx) const -> fmt::format_context::iterator {
    if (!value) return fmt::format_to(ctx.out(), "nullopt");
    return fmt::format_to(ctx.out(), "{}", *value);
  }
};
#endif

namespace ttsl::hash {

using hash_t = std::uint64_t;
inline constexpr hash_t DEFAULT_SEED = 1234;

namespace detail {

template <typename T>
hash_t hash_object(const T& object) noexcept;
template <typename... Types>
hash_t hash_objects(hash_t seed, const Types&... args) noexcept;

template <typename T, template <typename...> class Of>
inline constexpr bool is_a = false;
template <template <typename...> class Of, typename... Args>
inline constexpr bool is_a<Of<Args...>, Of> = true;
template <typename T>
inline constexpr bool is_std_array = false;
template <typename T, std::size_t N>
inline constexpr bool is_std_array<std::array<T, N>> = true;
template <typename T>
inline constexpr bool is_std_span = false;
template <typename T, std::size_t N>
inline constexpr bool is_std_span<std::span<T, N>> = true;

template <typename T>
concept StdHashable = requires(const T& t) { std::hash<T>{}(t); };
template <typename T>
concept HasToHash = requires(const T& t) { t.to_hash(); };
template <typename T>
concept HasAttributes = requires(const T& t) {
  T::attribute_names;
  t.attribute_values();
};

template <typename Range>
hash_t hash_elements(const Range& range) noexcept {
  hash_t hash = 0;
  for (const auto& element : range) hash = hash_objects(hash, element);
  return hash;
}

template <typename Tuple>
hash_t hash_tuple(const Tuple& tuple) noexcept {
  return std::apply([](const auto&... element) {
    hash_t hash = 0;
    ((hash = hash_objects(hash, element)), ...);
    return hash;
  }, tuple);
}

// tt-metal's order of rules; std::array, std::variant and
// std::reference_wrapper have their own (an array's elements, a variant's
// index then its value) before any other.
template <typename T>
hash_t hash_object(const T& object) noexcept {
  if constexpr (is_std_array<T>) {
    return hash_tuple(object);
  } else if constexpr (is_a<T, std::variant>) {
    return std::visit([&](const auto& value) { return hash_objects(object.index(), value); }, object);
  } else if constexpr (is_a<T, std::reference_wrapper>) {
    return hash_object(object.get());
  } else if constexpr (std::numeric_limits<T>::is_integer) {
    return static_cast<hash_t>(object);
  } else if constexpr (StdHashable<T>) {
    return std::hash<T>{}(object);
  } else if constexpr (HasToHash<T>) {
    return object.to_hash();
  } else if constexpr (HasAttributes<T>) {
    return hash_tuple(object.attribute_values());
  } else if constexpr (is_a<T, std::tuple>) {
    return hash_tuple(object);
  } else if constexpr (is_a<T, std::pair>) {
    return hash_objects(0, object.first, object.second);
  } else if constexpr (is_a<T, std::vector> || is_std_span<T> || is_a<T, std::set>) {
    return hash_elements(object);
  } else if constexpr (is_a<T, std::map>) {
    hash_t hash = 0;
    for (const auto& [key, value] : object) hash = hash_objects(hash, key, value);
    return hash;
  } else if constexpr (is_a<T, std::unordered_map>) {
    // In key order, so that the hash does not depend on the buckets.
    std::vector<typename T::const_iterator> entries;
    for (auto it = object.begin(); it != object.end(); ++it) entries.push_back(it);
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a->first < b->first; });
    hash_t hash = 0;
    for (const auto& it : entries) hash = hash_objects(hash, it->first, it->second);
    return hash;
  } else if constexpr (is_a<T, std::optional>) {
    return object.has_value() ? hash_object(*object) : 0;
  } else {
    static_assert(sizeof(T) == 0, "Type doesn't support hashing using ttsl::hash::hash_object");
  }
}

// boost::hash_combine's step, per argument.
template <typename... Types>
hash_t hash_objects(hash_t seed, const Types&... args) noexcept {
  ((seed ^= hash_object(args) + 0x9e3779b9 + (seed << 6) + (seed >> 2)), ...);
  return seed;
}

}  // namespace detail

template <typename... Types>
hash_t hash_objects(hash_t seed, const Types&... args) noexcept {
  return detail::hash_objects(seed, args...);
}

template <typename... Types>
hash_t hash_objects_with_default_seed(const Types&... args) noexcept {
  return detail::hash_objects(DEFAULT_SEED, args...);
}

}  // namespace ttsl::hash
