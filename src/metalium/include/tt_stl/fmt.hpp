// fmt as TT-Metalium's users get it, with tt-metal's formatter for enums: the
// scoped name, "TensorMemoryLayout::HEIGHT_SHARDED".
#pragma once

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <tt_stl/enum_name.hpp>

template <typename E>
  requires std::is_enum_v<E>
struct fmt::formatter<E> : fmt::formatter<std::string_view> {
  auto format(const E& value, fmt::format_context& ctx) const -> fmt::format_context::iterator {
    return fmt::formatter<std::string_view>::format(ttsl::detail::scoped_enum_name(value), ctx);
  }
};
