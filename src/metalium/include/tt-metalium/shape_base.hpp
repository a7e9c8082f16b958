// The storage under Shape and Alignment (tt-metal's shape_base.hpp): the
// dimensions as given, kept with leading 1s up to rank 4 so that negative
// indices past the rank still read 1.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

namespace detail {
[[noreturn]] void normalized_index_out_of_range(int32_t index, int32_t full_size, int32_t orig_size);

// Index into the padded container: [-full_size, orig_size) is valid.
inline int32_t normalized_index(int32_t index, size_t original_size, size_t container_size) {
  const auto orig = static_cast<int32_t>(original_size);
  const auto full = static_cast<int32_t>(container_size);
  if (index < -full || index >= orig) normalized_index_out_of_range(index, full, orig);
  return index >= 0 ? index + (full - orig) : index + full;
}
}  // namespace detail

class ShapeBase {
 public:
  using coord_type = uint32_t;
  using Container = ttsl::SmallVector<uint32_t>;

  ShapeBase() { init(); }
  explicit ShapeBase(const Container& shape) : value_(shape) { init(); }
  explicit ShapeBase(Container&& shape) : value_(std::move(shape)) { init(); }
  explicit ShapeBase(std::initializer_list<uint32_t> ilist) : value_(ilist) { init(); }
  template <std::size_t N>
  explicit ShapeBase(const std::array<uint32_t, N>& arr) : value_(arr.begin(), arr.end()) {
    init();
  }
  explicit ShapeBase(ttsl::Span<const uint32_t> span) : value_(span.begin(), span.end()) { init(); }

  template <std::size_t N>
  bool operator==(const std::array<uint32_t, N>& other) const {
    auto v = view();
    return v.size() == N && std::equal(v.begin(), v.end(), other.begin());
  }
  bool operator==(const ShapeBase& other) const;
  bool operator==(const Container& other) const;
  bool operator==(const std::vector<uint32_t>& other) const;

  uint32_t operator[](int32_t index) const {
    return value_[detail::normalized_index(index, original_size_, value_.size())];
  }
  uint32_t& operator[](int32_t index) {
    return value_[detail::normalized_index(index, original_size_, value_.size())];
  }

  Container::const_iterator cbegin() const { return value_.cbegin() + (value_.size() - original_size_); }
  Container::const_iterator cend() const { return value_.cend(); }
  Container::const_iterator begin() const { return cbegin(); }
  Container::const_iterator end() const { return cend(); }
  ttsl::Span<const uint32_t> view() const { return {value_.data() + (value_.size() - original_size_), original_size_}; }
  bool empty() const { return original_size_ == 0; }

 protected:
  void init();
  size_t size() const { return original_size_; }
  Container value_;

 private:
  size_t original_size_ = 0;
};

}  // namespace tt::tt_metal
