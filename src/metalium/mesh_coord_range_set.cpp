// Sets of non-overlapping mesh coordinate ranges: merging and subtracting.
// The merge rules are tt-metal's, so that a sequence of merges leaves the
// same ranges as there (programs compare the pieces, not only the cover).
#include <tt-metalium/mesh_coord.hpp>

#include <algorithm>
#include <ostream>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

namespace {

MeshCoordinate from(const std::vector<uint32_t>& v) { return MeshCoordinate(ttsl::Span<const uint32_t>(v)); }

// The dimensions in which the two ranges' spans differ.
std::vector<size_t> differing_dims(const MeshCoordinateRange& a, const MeshCoordinateRange& b) {
  std::vector<size_t> out;
  for (size_t i = 0; i < a.dims(); ++i) {
    if (a.start_coord().coords()[i] != b.start_coord().coords()[i] ||
        a.end_coord().coords()[i] != b.end_coord().coords()[i]) {
      out.push_back(i);
    }
  }
  return out;
}

// Two ranges are one box when they are equal, differ in one dimension where
// they overlap or touch, or one holds the other.
bool joinable(const MeshCoordinateRange& a, const MeshCoordinateRange& b) {
  const std::vector<size_t> diff = differing_dims(a, b);
  if (diff.empty()) return true;
  if (diff.size() == 1) {
    const size_t d = diff.front();
    return std::max(a.start_coord().coords()[d], b.start_coord().coords()[d]) <=
           std::min(a.end_coord().coords()[d], b.end_coord().coords()[d]) + 1;
  }
  return a.contains(b) || b.contains(a);
}

MeshCoordinateRange bounding(const MeshCoordinateRange& a, const MeshCoordinateRange& b) {
  std::vector<uint32_t> lo, hi;
  for (size_t i = 0; i < a.dims(); ++i) {
    lo.push_back(std::min(a.start_coord().coords()[i], b.start_coord().coords()[i]));
    hi.push_back(std::max(a.end_coord().coords()[i], b.end_coord().coords()[i]));
  }
  return MeshCoordinateRange(from(lo), from(hi));
}

// `parent` with its span in dimension `d` cut to [lo, hi].
MeshCoordinateRange slab(const MeshCoordinateRange& parent, size_t d, uint32_t lo, uint32_t hi) {
  std::vector<uint32_t> start(parent.start_coord().coords().begin(), parent.start_coord().coords().end());
  std::vector<uint32_t> end(parent.end_coord().coords().begin(), parent.end_coord().coords().end());
  start[d] = lo;
  end[d] = hi;
  return MeshCoordinateRange(from(start), from(end));
}

}  // namespace

MeshCoordinateRangeSet::MeshCoordinateRangeSet(const MeshCoordinateRange& range) { ranges_.push_back(range); }

// The new range absorbs every range it joins with (growing each time, so
// the scan restarts); a range it only overlaps is dropped and what of it lies
// outside comes back one coordinate at a time. Last, ranges that tile their
// bounding box exactly become that box.
void MeshCoordinateRangeSet::merge(const MeshCoordinateRange& to_merge) {
  TT_FATAL(ranges_.empty() || ranges_.front().dims() == to_merge.dims(),
           "Cannot merge range with different dimensions into a range set: {} != {}", ranges_.front().dims(),
           to_merge.dims());
  std::vector<MeshCoordinateRange> leftovers;
  MeshCoordinateRange merged = to_merge;
  for (bool grew = true; grew;) {
    grew = false;
    for (auto it = ranges_.begin(); it != ranges_.end();) {
      if (joinable(merged, *it)) {
        merged = bounding(merged, *it);
        ranges_.erase(it);
        grew = true;
        break;
      }
      if (!merged.intersects(*it)) {
        ++it;
        continue;
      }
      for (const MeshCoordinate& c : *it) {
        if (!merged.contains(c)) leftovers.emplace_back(c);
      }
      it = ranges_.erase(it);
    }
  }
  ranges_.push_back(merged);
  for (const MeshCoordinateRange& piece : leftovers) merge(piece);
  std::sort(ranges_.begin(), ranges_.end());

  if (ranges_.size() < 2) return;
  MeshCoordinateRange box = ranges_.front();
  size_t covered = 0;
  for (const MeshCoordinateRange& r : ranges_) {
    box = bounding(box, r);
    covered += r.shape().mesh_size();
  }
  if (covered == box.shape().mesh_size()) ranges_.assign(1, box);
}

std::vector<MeshCoordinate> MeshCoordinateRangeSet::coords() const {
  std::vector<MeshCoordinate> out;
  for (const MeshCoordinateRange& r : ranges_) out.insert(out.end(), r.begin(), r.end());
  std::sort(out.begin(), out.end());
  return out;
}

bool operator==(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs) {
  return lhs.ranges() == rhs.ranges();
}
bool operator!=(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs) { return !(lhs == rhs); }

// Differing in one dimension, the rest is a slab on either side; otherwise
// it is gathered coordinate by coordinate.
MeshCoordinateRangeSet subtract(const MeshCoordinateRange& parent, const MeshCoordinateRange& intersection) {
  TT_FATAL(parent.dims() == intersection.dims(), "Parent and intersection dimensions do not match: {} != {}",
           parent.dims(), intersection.dims());
  MeshCoordinateRangeSet rest;
  if (parent == intersection) return rest;
  if (!parent.intersects(intersection)) {
    rest.merge(parent);
    return rest;
  }
  const std::vector<size_t> diff = differing_dims(parent, intersection);
  if (diff.size() == 1) {
    const size_t d = diff.front();
    const uint32_t p0 = parent.start_coord().coords()[d], p1 = parent.end_coord().coords()[d];
    const uint32_t i0 = intersection.start_coord().coords()[d], i1 = intersection.end_coord().coords()[d];
    if (p0 < i0) rest.merge(slab(parent, d, p0, i0 - 1));
    if (i1 < p1) rest.merge(slab(parent, d, i1 + 1, p1));
    return rest;
  }
  for (const MeshCoordinate& c : parent) {
    if (!intersection.contains(c)) rest.merge(MeshCoordinateRange(c));
  }
  return rest;
}

std::ostream& operator<<(std::ostream& os, const MeshCoordinateRangeSet& range_set) {
  os << "MeshCoordinateRangeSet([";
  for (size_t i = 0; i < range_set.size(); ++i) os << (i ? ", " : "") << range_set.ranges()[i];
  return os << "])";
}

}  // namespace tt::tt_metal::distributed

std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRangeSet>::operator()(
    const tt::tt_metal::distributed::MeshCoordinateRangeSet& s) const noexcept {
  const std::hash<tt::tt_metal::distributed::MeshCoordinateRange> h;
  std::size_t seed = s.size();
  for (const auto& r : s.ranges()) seed = seed * 1000003u + h(r);
  return seed;
}
