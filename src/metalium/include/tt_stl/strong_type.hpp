// A value of T that only converts explicitly (tt-metal's ttsl::StrongType):
// ids of different kinds do not mix.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <ostream>
#include <utility>

namespace ttsl {

template <typename T, typename Tag>
class StrongType {
 public:
  using value_type = T;
  using tag_type = Tag;
  constexpr StrongType() noexcept : value_(T{}) {}
  constexpr explicit StrongType(T v) noexcept : value_(std::move(v)) {}
  constexpr const T& operator*() const { return value_; }
  constexpr const T& get() const { return value_; }
  constexpr auto operator<=>(const StrongType&) const = default;

 private:
  T value_;
};

}  // namespace ttsl

template <typename T, typename Tag>
std::ostream& operator<<(std::ostream& os, const ttsl::StrongType<T, Tag>& v) {
  return os << *v;
}

template <typename T, typename Tag>
struct std::hash<ttsl::StrongType<T, Tag>> {
  std::size_t operator()(const ttsl::StrongType<T, Tag>& v) const noexcept { return std::hash<T>{}(*v); }
};

namespace tt {
namespace stl = ::ttsl;  // tt-metal's older spelling (tt::stl::StrongType)
}  // namespace tt
