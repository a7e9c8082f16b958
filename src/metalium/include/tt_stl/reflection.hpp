// The part of tt-metal's reflection library its programs lean on: fmt
// formatting of enums (scoped names), ranges, tuples and optionals. Its
// attribute-based printing and hashing of structs are not provided.
#pragma once

#include <optional>

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
