// A tensor's shape of any rank (tt-metal's tt::tt_metal::Shape).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>

#include <fmt/format.h>  // the string_view formatter these formatters build on

#include <tt-metalium/shape_base.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal {

class Shape final : protected ShapeBase {
 public:
  using ShapeBase::ShapeBase;
  using ShapeBase::operator[];
  using ShapeBase::begin;
  using ShapeBase::cbegin;
  using ShapeBase::cend;
  using ShapeBase::Container;
  using ShapeBase::coord_type;
  using ShapeBase::empty;
  using ShapeBase::end;
  using ShapeBase::size;
  using ShapeBase::view;

  template <std::size_t N>
  bool operator==(const std::array<uint32_t, N>& other) const {
    return ShapeBase::operator==(other);
  }
  bool operator==(const Shape& other) const;
  bool operator==(const ShapeBase::Container& other) const;

  [[nodiscard]] size_t rank() const;
  [[nodiscard]] uint64_t volume() const;
  // index in [-rank, rank) as a non-negative index; throws otherwise.
  uint32_t get_normalized_index(std::int64_t index) const;

  static constexpr auto attribute_names = std::forward_as_tuple("shape");
  auto attribute_values() const { return std::make_tuple(this->view()); }

  std::array<uint32_t, 4> to_array_4D() const;
  // The same dimensions at another rank: leading 1s added or dropped.
  Shape to_rank(size_t new_rank) const;

  friend std::ostream& operator<<(std::ostream& os, const Shape& shape);
};

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::Shape& shape);

// Row-major strides in elements of a dense tensor of `shape`.
ttsl::SmallVector<size_t> compute_strides(const tt::tt_metal::Shape& shape);
// The flat index of `indices` under `strides` (their dot product).
std::size_t compute_flat_indices(ttsl::Span<const uint32_t> indices, ttsl::Span<const size_t> strides);

}  // namespace tt::tt_metal

namespace ttsl::fmt_detail {
std::string to_string(const tt::tt_metal::Shape& shape);
}  // namespace ttsl::fmt_detail

template <>
struct fmt::formatter<tt::tt_metal::Shape> : fmt::formatter<std::string_view> {
  auto format(const tt::tt_metal::Shape& val, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(ttsl::fmt_detail::to_string(val), ctx);
  }
};
