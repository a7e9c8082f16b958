#include <tt-metalium/shape.hpp>

#include <functional>
#include <numeric>

#include <tt_stl/assert.hpp>

#include "metalium/dims_text.h"

namespace tt::tt_metal {

namespace detail {
void normalized_index_out_of_range(int32_t index, int32_t full_size, int32_t orig_size) {
  TT_THROW("ShapeBase[] index out of range. {} not in [{}, {})", index, -full_size, orig_size);
}
}  // namespace detail

void ShapeBase::init() {
  original_size_ = value_.size();
  constexpr size_t kMinStored = 4;
  if (original_size_ < kMinStored) value_.insert(value_.begin(), kMinStored - original_size_, 1u);
}

bool ShapeBase::operator==(const ShapeBase& other) const {
  return original_size_ == other.original_size_ && value_ == other.value_;
}
bool ShapeBase::operator==(const Container& other) const {
  auto v = view();
  return std::equal(v.begin(), v.end(), other.begin(), other.end());
}
bool ShapeBase::operator==(const std::vector<uint32_t>& other) const {
  auto v = view();
  return std::equal(v.begin(), v.end(), other.begin(), other.end());
}

bool Shape::operator==(const Shape& other) const { return ShapeBase::operator==(other); }
bool Shape::operator==(const ShapeBase::Container& other) const { return ShapeBase::operator==(other); }

size_t Shape::rank() const { return size(); }

uint64_t Shape::volume() const { return std::accumulate(cbegin(), cend(), uint64_t{1}, std::multiplies<uint64_t>()); }

uint32_t Shape::get_normalized_index(std::int64_t index) const {
  const auto r = static_cast<std::int64_t>(rank());
  const std::int64_t normalized = index >= 0 ? index : r + index;
  TT_FATAL(normalized >= 0 && normalized < r,
           "Index is out of bounds for the rank, should be between 0 and {} however is {}", r - 1, normalized);
  return static_cast<uint32_t>(normalized);
}

std::array<uint32_t, 4> Shape::to_array_4D() const {
  TT_FATAL(rank() == 4, "to_array_4D is only valid for 4D shapes! Called for {}.", *this);
  return {(*this)[0], (*this)[1], (*this)[2], (*this)[3]};
}

Shape Shape::to_rank(size_t new_rank) const {
  ttsl::SmallVector<uint32_t> dims(new_rank, 1);
  int from = static_cast<int>(rank()) - 1;
  for (int to = static_cast<int>(new_rank) - 1; from >= 0 && to >= 0; --from, --to) dims[to] = (*this)[from];
  for (; from >= 0; --from) TT_FATAL((*this)[from] == 1, "Can't convert shape rank");
  return Shape(std::move(dims));
}

std::ostream& operator<<(std::ostream& os, const Shape& shape) { return os << ttsl::fmt_detail::to_string(shape); }

ttsl::SmallVector<size_t> compute_strides(const Shape& shape) {
  if (shape.rank() == 0) return {};
  uint64_t remaining = shape.volume();
  if (remaining == 0) return ttsl::SmallVector<size_t>(shape.rank(), 0);
  ttsl::SmallVector<size_t> strides;
  for (size_t i = 0; i < shape.rank(); ++i) {
    remaining /= shape[static_cast<int32_t>(i)];
    strides.push_back(remaining);
  }
  return strides;
}

std::size_t compute_flat_indices(ttsl::Span<const uint32_t> indices, ttsl::Span<const size_t> strides) {
  return std::inner_product(indices.begin(), indices.end(), strides.begin(), std::size_t{0});
}

}  // namespace tt::tt_metal

std::string tt::tt_metal::detail::dims_text(std::string_view name, ttsl::Span<const uint32_t> dims) {
  std::string out = std::string(name) + "([";
  for (size_t i = 0; i < dims.size(); ++i) out += (i > 0 ? ", " : "") + std::to_string(dims[i]);
  return out + "])";
}

std::string ttsl::fmt_detail::to_string(const tt::tt_metal::Shape& shape) {
  return tt::tt_metal::detail::dims_text("Shape", shape.view());
}
