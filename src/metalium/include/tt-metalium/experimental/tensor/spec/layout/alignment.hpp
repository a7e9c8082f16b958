// What each trailing dimension of a tensor is padded to a multiple of
// (tt-metal's Alignment; indexed like Shape, negative from the end).
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>

#include <fmt/format.h>  // the string_view formatter these formatters build on

#include <tt-metalium/shape_base.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal {

class Alignment final : protected ShapeBase {
 public:
  using ShapeBase::ShapeBase;
  using ShapeBase::operator[];
  using ShapeBase::cbegin;
  using ShapeBase::cend;
  using ShapeBase::empty;
  using ShapeBase::size;
  using ShapeBase::view;

  template <std::size_t N>
  bool operator==(const std::array<uint32_t, N>& other) const {
    return ShapeBase::operator==(other);
  }
  bool operator==(const Alignment& other) const;
  bool operator==(const ttsl::SmallVector<uint32_t>& other) const;

  static constexpr auto attribute_names = std::forward_as_tuple("value");
  auto attribute_values() const { return std::forward_as_tuple(this->value_); }

  friend std::ostream& operator<<(std::ostream& os, const Alignment& alignment);
};

std::ostream& operator<<(std::ostream& os, const Alignment& alignment);

}  // namespace tt::tt_metal

namespace ttsl::fmt_detail {
std::string to_string(const tt::tt_metal::Alignment& alignment);
}  // namespace ttsl::fmt_detail

template <>
struct fmt::formatter<tt::tt_metal::Alignment> : fmt::formatter<std::string_view> {
  auto format(const tt::tt_metal::Alignment& val, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(ttsl::fmt_detail::to_string(val), ctx);
  }
};
