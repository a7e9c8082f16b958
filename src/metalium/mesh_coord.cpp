// Mesh shapes, coordinates and ranges of coordinates.
#include <tt-metalium/mesh_coord.hpp>

#include <algorithm>
#include <ostream>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

namespace {

// A dimension index counted from the end when negative, checked against `dims`.
size_t dimension(int32_t dim, size_t dims, const char* what) {
  const int64_t i = dim < 0 ? static_cast<int64_t>(dims) + dim : dim;
  TT_FATAL(i >= 0 && static_cast<size_t>(i) < dims, "Dimension {} is out of a {}-D {}", dim, dims, what);
  return static_cast<size_t>(i);
}

std::ostream& print_dims(std::ostream& os, const char* type, ttsl::Span<const uint32_t> dims) {
  os << type << "([";
  for (size_t i = 0; i < dims.size(); ++i) os << (i ? ", " : "") << dims[i];
  return os << "])";
}

MeshCoordinate last_of(const MeshShape& shape) {
  std::vector<uint32_t> v;
  for (uint32_t d : shape.view()) {
    TT_FATAL(d > 0, "A mesh shape has no zero dimension");
    v.push_back(d - 1);
  }
  return MeshCoordinate(ttsl::Span<const uint32_t>(v));
}

void check_same_dims(size_t a, size_t b, const char* what) {
  TT_FATAL(a == b, "{} have different dimensions: {} and {}", what, a, b);
}

}  // namespace

// ---- MeshShape -------------------------------------------------------------------------

MeshShape::MeshShape(uint32_t s) : MeshShape({s}) {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1) : MeshShape({s0, s1}) {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1, uint32_t s2) : MeshShape({s0, s1, s2}) {}
MeshShape::MeshShape(std::initializer_list<uint32_t> ilist) : MeshShape(ttsl::Span<const uint32_t>(ilist)) {}
MeshShape::MeshShape(const ttsl::SmallVector<uint32_t>& shape) : MeshShape(ttsl::Span<const uint32_t>(shape)) {}
MeshShape::MeshShape(ttsl::SmallVector<uint32_t>&& shape) : MeshShape(ttsl::Span<const uint32_t>(shape)) {}
MeshShape::MeshShape(const std::vector<uint32_t>& shape) : MeshShape(ttsl::Span<const uint32_t>(shape)) {}
MeshShape::MeshShape(ttsl::Span<const uint32_t> span) : dims_(span.begin(), span.end()) {
  TT_FATAL(!dims_.empty(), "MeshShape cannot have 0 dimension.");
}

size_t MeshShape::mesh_size() const {
  size_t n = 1;
  for (uint32_t d : dims_) n *= d;
  return n;
}

size_t MeshShape::get_stride(size_t dim) const {
  TT_FATAL(dim < dims_.size(), "MeshShape::get_stride: dimension {} of a {}-dimensional shape", dim, dims_.size());
  size_t stride = 1;
  for (size_t d = dim + 1; d < dims_.size(); ++d) stride *= dims_[d];
  return stride;
}

uint32_t MeshShape::operator[](int32_t dim) const { return dims_[dimension(dim, dims_.size(), "shape")]; }

bool MeshShape::is_line_topology() const {
  return std::count_if(dims_.begin(), dims_.end(), [](uint32_t d) { return d != 1; }) <= 1;
}

// ---- MeshCoordinate --------------------------------------------------------------------

MeshCoordinate::MeshCoordinate(uint32_t c) : value_{c} {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1) : value_{c0, c1} {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2) : value_{c0, c1, c2} {}
MeshCoordinate::MeshCoordinate(ttsl::Span<const uint32_t> coords) : value_(coords.begin(), coords.end()) {}
MeshCoordinate MeshCoordinate::zero_coordinate(size_t dimensions) {
  const std::vector<uint32_t> zeros(dimensions, 0);
  return MeshCoordinate(ttsl::Span<const uint32_t>(zeros));
}

size_t MeshCoordinate::to_linear_index(const MeshShape& shape) const {
  TT_FATAL(dims() == shape.dims(), "Coordinate {} has {} dimensions, the shape {} has {}", *this, dims(), shape,
           shape.dims());
  size_t index = 0;
  for (size_t d = 0; d < dims(); ++d) {
    TT_FATAL(value_[d] < shape[static_cast<int32_t>(d)], "Coordinate {} is outside the shape {}", *this, shape);
    index = index * shape[static_cast<int32_t>(d)] + value_[d];
  }
  return index;
}

uint32_t MeshCoordinate::operator[](int32_t dim) const { return value_[dimension(dim, value_.size(), "coordinate")]; }
uint32_t& MeshCoordinate::operator[](int32_t dim) { return value_[dimension(dim, value_.size(), "coordinate")]; }

std::optional<MeshCoordinate> MeshCoordinate::get_neighbor(const MeshShape& shape, int32_t offset, int32_t dim,
                                                           BoundaryMode mode) const {
  check_same_dims(shape.dims(), dims(), "The shape and the coordinate");
  for (size_t d = 0; d < dims(); ++d) {
    TT_FATAL(value_[d] < shape[static_cast<int32_t>(d)], "Coordinate {} is outside the shape {}", *this, shape);
  }
  const size_t d = dimension(dim, dims(), "shape");
  const int64_t extent = shape[static_cast<int32_t>(d)];
  const int64_t moved = static_cast<int64_t>(value_[d]) + offset;
  MeshCoordinate neighbor = *this;
  switch (mode) {
    case BoundaryMode::WRAP: neighbor.value_[d] = static_cast<uint32_t>(((moved % extent) + extent) % extent); break;
    case BoundaryMode::CLAMP: neighbor.value_[d] = static_cast<uint32_t>(std::clamp<int64_t>(moved, 0, extent - 1)); break;
    case BoundaryMode::NONE:
      if (moved < 0 || moved >= extent) return std::nullopt;
      neighbor.value_[d] = static_cast<uint32_t>(moved);
      break;
  }
  return neighbor;
}

bool operator==(const MeshCoordinate& lhs, const MeshCoordinate& rhs) {
  return std::ranges::equal(lhs.coords(), rhs.coords());
}
bool operator!=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !(lhs == rhs); }
bool operator<(const MeshCoordinate& lhs, const MeshCoordinate& rhs) {
  check_same_dims(lhs.dims(), rhs.dims(), "Compared coordinates");
  return std::ranges::lexicographical_compare(lhs.coords(), rhs.coords());
}
bool operator>(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return rhs < lhs; }
bool operator<=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !(rhs < lhs); }
bool operator>=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !(lhs < rhs); }

// ---- MeshCoordinateRange ---------------------------------------------------------------

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end)
    : start_(start), end_(end) {
  check_same_dims(start.dims(), end.dims(), "A range's start and end coordinates");
  for (size_t i = 0; i < start.dims(); ++i) {
    TT_FATAL(start.coords()[i] <= end.coords()[i], "Start coordinate {} is past the end coordinate {} in dimension {}",
             start, end, i);
  }
}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end,
                                         const MeshShape& wraparound_shape)
    : start_(start), end_(end), wraparound_shape_(wraparound_shape) {
  check_same_dims(start.dims(), end.dims(), "A range's start and end coordinates");
  check_same_dims(wraparound_shape.dims(), start.dims(), "A range and its wraparound shape");
}

MeshCoordinateRange::MeshCoordinateRange(const MeshShape& shape)
    : MeshCoordinateRange(MeshCoordinate::zero_coordinate(shape.dims()), last_of(shape)) {}
MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& coord) : MeshCoordinateRange(coord, coord) {}

uint32_t MeshCoordinateRange::span(size_t dim) const {
  const uint32_t s = start_.coords()[dim], e = end_.coords()[dim];
  if (s <= e) return e - s + 1;
  return (*wraparound_shape_)[static_cast<int32_t>(dim)] - s + e + 1;
}

uint32_t MeshCoordinateRange::step(size_t dim, uint32_t c) const {
  return wraparound_shape_ ? (c + 1) % (*wraparound_shape_)[static_cast<int32_t>(dim)] : c + 1;
}

bool MeshCoordinateRange::in_span(size_t dim, uint32_t c) const {
  const uint32_t s = start_.coords()[dim], e = end_.coords()[dim];
  return s <= e ? (s <= c && c <= e) : (c >= s || c <= e);
}

MeshShape MeshCoordinateRange::shape() const {
  std::vector<uint32_t> v;
  for (size_t i = 0; i < dims(); ++i) v.push_back(span(i));
  return MeshShape(v);
}

MeshCoordinate::BoundaryMode MeshCoordinateRange::get_boundary_mode() const {
  return wraparound_shape_ ? MeshCoordinate::BoundaryMode::WRAP : MeshCoordinate::BoundaryMode::NONE;
}

bool MeshCoordinateRange::contains(const MeshCoordinate& c) const {
  check_same_dims(c.dims(), dims(), "The coordinate and the range");
  for (size_t i = 0; i < dims(); ++i) {
    if (!in_span(i, c.coords()[i])) return false;
  }
  return true;
}
bool MeshCoordinateRange::contains(const MeshCoordinateRange& r) const {
  return contains(r.start_) && contains(r.end_);
}

bool MeshCoordinateRange::intersects(const MeshCoordinateRange& range) const {
  return intersection(range).has_value();
}

std::optional<MeshCoordinateRange> MeshCoordinateRange::intersection(const MeshCoordinateRange& range) const {
  check_same_dims(range.dims(), dims(), "Intersected ranges");
  const bool range_smaller = range.shape().mesh_size() <= shape().mesh_size();
  const MeshCoordinateRange& smaller = range_smaller ? range : *this;
  const MeshCoordinateRange& larger = range_smaller ? *this : range;
  std::vector<uint32_t> lo, hi;
  if (!wraparound_shape_ && !range.wraparound_shape_) {
    // Plain boxes: overlap dimension by dimension.
    for (size_t i = 0; i < dims(); ++i) {
      lo.push_back(std::max(start_.coords()[i], range.start_.coords()[i]));
      hi.push_back(std::min(end_.coords()[i], range.end_.coords()[i]));
      if (lo.back() > hi.back()) return std::nullopt;
    }
  } else {
    // A wrapping range's common part may be in pieces: bound every shared coordinate.
    for (const MeshCoordinate& c : smaller) {
      if (!larger.contains(c)) continue;
      if (lo.empty()) {
        lo.assign(c.coords().begin(), c.coords().end());
        hi = lo;
        continue;
      }
      for (size_t i = 0; i < dims(); ++i) {
        lo[i] = std::min(lo[i], c.coords()[i]);
        hi[i] = std::max(hi[i], c.coords()[i]);
      }
    }
    if (lo.empty()) return std::nullopt;
  }
  const MeshCoordinate first{ttsl::Span<const uint32_t>(lo)}, last{ttsl::Span<const uint32_t>(hi)};
  if (larger.wraparound_shape_) return MeshCoordinateRange(first, last, *larger.wraparound_shape_);
  return MeshCoordinateRange(first, last);
}

MeshCoordinateRange::Iterator MeshCoordinateRange::begin() const { return Iterator(this, start_, 0); }
MeshCoordinateRange::Iterator MeshCoordinateRange::end() const { return Iterator(this, start_, shape().mesh_size()); }

// Row-major over each dimension's span; past the last coordinate the
// iterator holds the start again and only its index tells it is the end.
MeshCoordinateRange::Iterator& MeshCoordinateRange::Iterator::operator++() {
  ++index_;
  for (size_t d = current_.dims(); d-- > 0;) {
    const uint32_t c = current_.coords()[d];
    if (c != range_->end_coord().coords()[d]) {
      current_[static_cast<int32_t>(d)] = range_->step(d, c);
      return *this;
    }
    current_[static_cast<int32_t>(d)] = range_->start_coord().coords()[d];
  }
  return *this;
}

MeshCoordinateRange::Iterator MeshCoordinateRange::Iterator::operator++(int) {
  Iterator before = *this;
  ++*this;
  return before;
}

bool operator==(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) {
  return lhs.start_coord() == rhs.start_coord() && lhs.end_coord() == rhs.end_coord();
}
bool operator!=(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) { return !(lhs == rhs); }
bool operator<(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) {
  if (lhs.start_coord() != rhs.start_coord()) return lhs.start_coord() < rhs.start_coord();
  return lhs.end_coord() < rhs.end_coord();
}

// ---- Printing --------------------------------------------------------------------------

std::ostream& operator<<(std::ostream& os, const MeshShape& shape) { return print_dims(os, "MeshShape", shape.view()); }
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& coord) {
  return print_dims(os, "MeshCoordinate", coord.coords());
}
std::ostream& operator<<(std::ostream& os, const MeshCoordinateRange& range) {
  return os << "MeshCoordinateRange(start=" << range.start_coord() << ", end=" << range.end_coord() << ")";
}

}  // namespace tt::tt_metal::distributed

std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinate>::operator()(
    const tt::tt_metal::distributed::MeshCoordinate& c) const noexcept {
  std::size_t seed = c.dims();
  for (uint32_t v : c.coords()) seed = seed * 1000003u + v;
  return seed;
}
std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRange>::operator()(
    const tt::tt_metal::distributed::MeshCoordinateRange& r) const noexcept {
  const std::hash<tt::tt_metal::distributed::MeshCoordinate> h;
  return h(r.start_coord()) * 31 + h(r.end_coord());
}
