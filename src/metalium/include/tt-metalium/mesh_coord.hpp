// Mesh shapes and coordinates (tt-metal's mesh_coord.hpp); shapes and
// coordinates keep up to three dimensions.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/ostream.h>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

class MeshShape {
 public:
  explicit MeshShape(uint32_t s);
  MeshShape(uint32_t s0, uint32_t s1);
  MeshShape(uint32_t s0, uint32_t s1, uint32_t s2);
  explicit MeshShape(std::initializer_list<uint32_t> ilist);
  explicit MeshShape(ttsl::Span<const uint32_t> span);

  size_t dims() const { return dims_.size(); }
  size_t mesh_size() const;
  // Row-major: how far one step along `dim` moves a linear index.
  size_t get_stride(size_t dim) const;
  uint32_t operator[](int32_t dim) const;
  ttsl::Span<const uint32_t> view() const { return dims_; }
  bool operator==(const MeshShape& other) const = default;

 private:
  std::vector<uint32_t> dims_;
};

class MeshCoordinate {
 public:
  explicit MeshCoordinate(uint32_t c);
  MeshCoordinate(uint32_t c0, uint32_t c1);
  MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2);
  explicit MeshCoordinate(ttsl::Span<const uint32_t> coords);
  static MeshCoordinate zero_coordinate(size_t dimensions);
  // Row-major position in `shape` (the last dimension fastest).
  size_t to_linear_index(const MeshShape& shape) const;

  size_t dims() const { return value_.size(); }
  ttsl::Span<const uint32_t> coords() const { return value_; }
  uint32_t operator[](int32_t dim) const;
  uint32_t& operator[](int32_t dim);
  bool operator==(const MeshCoordinate& other) const = default;
  auto operator<=>(const MeshCoordinate& other) const = default;

 private:
  std::vector<uint32_t> value_;
};

// The coordinates between two corners, both included.
class MeshCoordinateRange {
 public:
  MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end);
  explicit MeshCoordinateRange(const MeshShape& shape);
  explicit MeshCoordinateRange(const MeshCoordinate& coord);

  size_t dims() const { return start_.dims(); }
  const MeshCoordinate& start_coord() const { return start_; }
  const MeshCoordinate& end_coord() const { return end_; }
  MeshShape shape() const;
  bool contains(const MeshCoordinate& coord) const;
  bool contains(const MeshCoordinateRange& range) const;
  bool operator==(const MeshCoordinateRange& other) const = default;

  // Every coordinate of the range, the last dimension fastest.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = MeshCoordinate;
    using difference_type = std::ptrdiff_t;
    using pointer = const MeshCoordinate*;
    using reference = const MeshCoordinate&;

    Iterator() : current_(MeshCoordinate::zero_coordinate(0)) {}
    Iterator& operator++();
    Iterator operator++(int);
    const MeshCoordinate& operator*() const { return current_; }
    const MeshCoordinate* operator->() const { return &current_; }
    bool operator==(const Iterator& other) const { return index_ == other.index_; }

   private:
    Iterator(const MeshCoordinateRange* range, const MeshCoordinate& current, size_t index)
        : range_(range), current_(current), index_(index) {}
    friend class MeshCoordinateRange;

    const MeshCoordinateRange* range_ = nullptr;
    MeshCoordinate current_;
    size_t index_ = 0;
  };
  Iterator begin() const;
  Iterator end() const;

 private:
  MeshCoordinate start_;
  MeshCoordinate end_;
};

// "MeshShape([2, 4])", "MeshCoordinate([0, 1])"; fmt prints them so too.
std::ostream& operator<<(std::ostream& os, const MeshShape& shape);
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& coord);

}  // namespace tt::tt_metal::distributed

template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshShape> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshCoordinate> : fmt::ostream_formatter {};

template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinate> {
  std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinate& c) const noexcept;
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRange> {
  std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRange& r) const noexcept;
};
