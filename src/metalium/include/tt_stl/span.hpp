// ttsl::Span: a std::span (tt-metal's adds nothing the host API here needs).
#pragma once

#include <cstddef>
#include <span>

namespace ttsl {
template <class T, std::size_t Extent = std::dynamic_extent>
using Span = std::span<T, Extent>;
}  // namespace ttsl

namespace tt {
namespace stl = ::ttsl;
}  // namespace tt
