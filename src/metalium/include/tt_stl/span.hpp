// ttsl::Span: a std::span (tt-metal's adds nothing the host API here needs).
#pragma once

#include <cstddef>
#include <iterator>
#include <span>
#include <type_traits>

namespace ttsl {
template <class T, std::size_t Extent = std::dynamic_extent>
using Span = std::span<T, Extent>;

// A span over a contiguous container's elements (const, or as the container allows).
template <class Container>
auto make_const_span(const Container& c) {
  return Span<const std::remove_cvref_t<decltype(*std::data(c))>>(std::data(c), std::size(c));
}
template <class Container>
auto make_span(Container& c) {
  return Span<std::remove_reference_t<decltype(*std::data(c))>>(std::data(c), std::size(c));
}
// A span's bytes, as tt-metal spells std::as_bytes here (DistributedContext takes bytes).
template <class T>
auto as_bytes(Span<T> span) noexcept {
  return std::as_bytes(span);
}
template <class T>
auto as_writable_bytes(Span<T> span) noexcept {
  return std::as_writable_bytes(span);
}
}  // namespace ttsl

namespace tt {
namespace stl = ::ttsl;
}  // namespace tt
