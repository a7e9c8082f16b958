// Mesh shapes, coordinates, ranges of them (plain or wrapping around a torus),
// sets of ranges and mesh-shaped containers (tt-metal's mesh_coord.hpp).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/ostream.h>
#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

class MeshShape {
 public:
  explicit MeshShape(uint32_t s);
  MeshShape(uint32_t s0, uint32_t s1);
  MeshShape(uint32_t s0, uint32_t s1, uint32_t s2);
  explicit MeshShape(std::initializer_list<uint32_t> ilist);
  explicit MeshShape(ttsl::Span<const uint32_t> span);
  explicit MeshShape(const ttsl::SmallVector<uint32_t>& shape);
  explicit MeshShape(ttsl::SmallVector<uint32_t>&& shape);
  // Ours: our SmallVector converts from std::vector, which would make a
  // vector argument ambiguous between the two above.
  explicit MeshShape(const std::vector<uint32_t>& shape);

  size_t dims() const { return dims_.size(); }
  size_t mesh_size() const;
  // Row-major: how far one step along `dim` moves a linear index.
  size_t get_stride(size_t dim) const;
  uint32_t operator[](int32_t dim) const;
  ttsl::Span<const uint32_t> view() const { return dims_; }
  // At most one dimension longer than 1.
  bool is_line_topology() const;
  bool operator==(const MeshShape& other) const = default;

  static constexpr auto attribute_names = std::forward_as_tuple("value");
  auto attribute_values() const { return std::forward_as_tuple(dims_); }

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

  // What an edge of `shape` does to a step past it.
  enum class BoundaryMode { WRAP, CLAMP, NONE };
  // The coordinate `offset` steps along `dim` (negative counts from the last);
  // nullopt only with NONE past an edge. This coordinate must lie in `shape`.
  std::optional<MeshCoordinate> get_neighbor(const MeshShape& shape, int32_t offset, int32_t dim,
                                             BoundaryMode mode = BoundaryMode::WRAP) const;

  static constexpr auto attribute_names = std::forward_as_tuple("value");
  auto attribute_values() const { return std::forward_as_tuple(value_); }

 private:
  std::vector<uint32_t> value_;
};

// Equal dimensions compare element by element; lexicographic order throws
// for coordinates of different dimensions.
bool operator==(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator!=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator<(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator>(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator<=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator>=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);

// The coordinates between two corners, both included. With a wraparound
// shape, a dimension whose start is past its end runs from the start to the
// shape's edge and on from 0 to the end.
class MeshCoordinateRange {
 public:
  MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end);
  MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end, const MeshShape& wraparound_shape);
  explicit MeshCoordinateRange(const MeshShape& shape);
  explicit MeshCoordinateRange(const MeshCoordinate& coord);

  size_t dims() const { return start_.dims(); }
  const MeshCoordinate& start_coord() const { return start_; }
  const MeshCoordinate& end_coord() const { return end_; }
  // Coordinates per dimension (a wrapping dimension counts both pieces).
  MeshShape shape() const;
  MeshCoordinate::BoundaryMode get_boundary_mode() const;
  const std::optional<MeshShape>& wraparound_shape() const { return wraparound_shape_; }
  bool contains(const MeshCoordinate& coord) const;
  bool contains(const MeshCoordinateRange& range) const;
  bool intersects(const MeshCoordinateRange& range) const;
  // The smallest range holding every coordinate both have (with the larger
  // range's wraparound shape), or nullopt.
  std::optional<MeshCoordinateRange> intersection(const MeshCoordinateRange& range) const;

  static constexpr auto attribute_names = std::forward_as_tuple("start", "end");
  auto attribute_values() const { return std::forward_as_tuple(start_, end_); }

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
    bool operator==(const Iterator& other) const { return range_ == other.range_ && index_ == other.index_; }

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
  uint32_t span(size_t dim) const;
  uint32_t step(size_t dim, uint32_t c) const;
  bool in_span(size_t dim, uint32_t c) const;

  MeshCoordinate start_;
  MeshCoordinate end_;
  std::optional<MeshShape> wraparound_shape_;
};

// Ranges are equal when their corners are; ordered by start, then end.
bool operator==(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs);
bool operator!=(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs);
bool operator<(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs);

// Ranges that do not overlap. A merge joins what it can (equal spans that
// touch, or one inside the other) and splits what overlaps otherwise, so the
// set is not always the fewest ranges; ranges() is sorted.
class MeshCoordinateRangeSet {
 public:
  MeshCoordinateRangeSet() = default;
  explicit MeshCoordinateRangeSet(const MeshCoordinateRange& range);

  void merge(const MeshCoordinateRange& to_merge);
  size_t size() const { return ranges_.size(); }
  bool empty() const { return ranges_.empty(); }
  const std::vector<MeshCoordinateRange>& ranges() const { return ranges_; }
  // Every coordinate of the set, sorted.
  std::vector<MeshCoordinate> coords() const;

  static constexpr auto attribute_names = std::forward_as_tuple("ranges");
  auto attribute_values() const { return std::forward_as_tuple(ranges_); }

 private:
  std::vector<MeshCoordinateRange> ranges_;
};

bool operator==(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs);
bool operator!=(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs);

// What of `parent` lies outside `intersection`.
MeshCoordinateRangeSet subtract(const MeshCoordinateRange& parent, const MeshCoordinateRange& intersection);

// "MeshShape([2, 4])", "MeshCoordinate([0, 1])",
// "MeshCoordinateRange(start=..., end=...)"; fmt prints them so too.
std::ostream& operator<<(std::ostream& os, const MeshShape& shape);
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& coord);
std::ostream& operator<<(std::ostream& os, const MeshCoordinateRange& range);
std::ostream& operator<<(std::ostream& os, const MeshCoordinateRangeSet& range_set);

}  // namespace tt::tt_metal::distributed

#include <tt-metalium/detail/mesh_container.hpp>

template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshShape> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshCoordinate> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshCoordinateRange> : fmt::ostream_formatter {};

template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinate> {
  std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinate& c) const noexcept;
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRange> {
  std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRange& r) const noexcept;
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRangeSet> {
  std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRangeSet& s) const noexcept;
};
