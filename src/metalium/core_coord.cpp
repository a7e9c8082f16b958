// CoreCoord, CoreRange and CoreRangeSet.
#include <tt-metalium/core_coord.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include <tt_stl/assert.hpp>

#include "program/program.h"

std::string tt::umd::xy_pair::str() const { return fmt::format("(x={},y={})", x, y); }
std::string tt::umd::cxy_pair::str() const { return fmt::format("(chip={},x={},y={})", chip, x, y); }

namespace tt::tt_metal {

CoreRange::CoreRange(const CoreCoord& point) : start_coord(point), end_coord(point) {}

CoreRange::CoreRange(const CoreCoord& start, const CoreCoord& end) : start_coord(start), end_coord(end) {
  TT_FATAL(end.x >= start.x && end.y >= start.y, "Invalid core range for start_coord: {}, end_coord: {}", start.str(),
           end.str());
}

bool CoreRange::intersects(const CoreRange& other) const { return intersection(other).has_value(); }

std::optional<CoreRange> CoreRange::intersection(const CoreRange& other) const {
  const std::size_t x0 = std::max(start_coord.x, other.start_coord.x);
  const std::size_t y0 = std::max(start_coord.y, other.start_coord.y);
  const std::size_t x1 = std::min(end_coord.x, other.end_coord.x);
  const std::size_t y1 = std::min(end_coord.y, other.end_coord.y);
  if (x0 > x1 || y0 > y1) return std::nullopt;
  return CoreRange({x0, y0}, {x1, y1});
}

// Adjacent: the ranges abut in one dimension and their extents overlap in the
// other, so they share (part of) an edge; a shared corner alone does not count.
bool CoreRange::adjacent(const CoreRange& other) const {
  const bool overlap_x = start_coord.x <= other.end_coord.x && other.start_coord.x <= end_coord.x;
  const bool overlap_y = start_coord.y <= other.end_coord.y && other.start_coord.y <= end_coord.y;
  const bool abut_x = end_coord.x + 1 == other.start_coord.x || other.end_coord.x + 1 == start_coord.x;
  const bool abut_y = end_coord.y + 1 == other.start_coord.y || other.end_coord.y + 1 == start_coord.y;
  return (abut_x && overlap_y) || (abut_y && overlap_x);
}

bool CoreRange::contains(const CoreCoord& c) const {
  return c.x >= start_coord.x && c.x <= end_coord.x && c.y >= start_coord.y && c.y <= end_coord.y;
}
bool CoreRange::contains(const CoreRange& other) const {
  return contains(other.start_coord) && contains(other.end_coord);
}
bool CoreRange::contains(const CoreRangeSet& other) const {
  return std::all_of(other.ranges().begin(), other.ranges().end(), [&](const CoreRange& r) { return contains(r); });
}

// tt-metal's rule: ranges lined up (same x span or same y span) that
// intersect or touch merge into their bounding box. Anything else, a
// contained range with a different span included, does not merge.
std::optional<CoreRange> CoreRange::merge(const CoreRange& cr) const {
  if (!intersects(cr) && !adjacent(cr)) return std::nullopt;
  const bool same_cols = start_coord.x == cr.start_coord.x && end_coord.x == cr.end_coord.x;
  const bool same_rows = start_coord.y == cr.start_coord.y && end_coord.y == cr.end_coord.y;
  if (!same_cols && !same_rows) return std::nullopt;
  return CoreRange({std::min(start_coord.x, cr.start_coord.x), std::min(start_coord.y, cr.start_coord.y)},
                   {std::max(end_coord.x, cr.end_coord.x), std::max(end_coord.y, cr.end_coord.y)});
}

std::string CoreRange::str() const { return "[" + start_coord.str() + " - " + end_coord.str() + "]"; }
size_t CoreRange::size() const { return (end_coord.x - start_coord.x + 1) * (end_coord.y - start_coord.y + 1); }
CoreCoord CoreRange::grid_size() const { return {end_coord.x - start_coord.x + 1, end_coord.y - start_coord.y + 1}; }

CoreRange::CoreIterator::CoreIterator(const CoreCoord& current, const CoreRange& core_range)
    : current_(current), range_(core_range) {}
CoreCoord& CoreRange::CoreIterator::operator*() { return current_; }
CoreRange::CoreIterator& CoreRange::CoreIterator::operator++() {
  if (current_.x < range_.end_coord.x) {
    ++current_.x;
  } else {
    current_ = {range_.start_coord.x, current_.y + 1};
  }
  return *this;
}
bool CoreRange::CoreIterator::operator==(const CoreIterator& other) const { return current_ == other.current_; }
bool CoreRange::CoreIterator::operator!=(const CoreIterator& other) const { return !(*this == other); }
CoreRange::CoreIterator CoreRange::begin() const { return CoreIterator(start_coord, *this); }
CoreRange::CoreIterator CoreRange::end() const { return CoreIterator({start_coord.x, end_coord.y + 1}, *this); }

// ---- CoreRangeSet ------------------------------------------------------------

CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreRange> core_ranges) : ranges_(core_ranges.begin(), core_ranges.end()) {
  validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(const std::set<CoreRange>& core_ranges) : ranges_(core_ranges.begin(), core_ranges.end()) {
  validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(const CoreRange& core_range) : ranges_{core_range} {}
CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreCoord> core_coords) {
  for (const CoreCoord& c : core_coords) ranges_.emplace_back(c);
  validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(const CoreRangeSet& other) = default;
CoreRangeSet::CoreRangeSet(CoreRangeSet&& other) noexcept = default;
CoreRangeSet::CoreRangeSet(std::vector<CoreRange>&& core_ranges) : ranges_(std::move(core_ranges)) {
  validate_no_overlap();
}

void swap(CoreRangeSet& first, CoreRangeSet& second) noexcept { std::swap(first.ranges_, second.ranges_); }

void CoreRangeSet::validate_no_overlap() {
  for (size_t i = 0; i < ranges_.size(); ++i) {
    for (size_t j = i + 1; j < ranges_.size(); ++j) {
      TT_FATAL(!ranges_[i].intersects(ranges_[j]), "Cannot create CoreRangeSet with specified core ranges because core ranges {} and {} overlap!",
               ranges_[i].str(), ranges_[j].str());
    }
  }
}

bool CoreRangeSet::empty() const { return ranges_.empty(); }
size_t CoreRangeSet::size() const { return ranges_.size(); }
const std::vector<CoreRange>& CoreRangeSet::ranges() const { return ranges_; }

uint32_t CoreRangeSet::num_cores() const {
  size_t n = 0;
  for (const CoreRange& r : ranges_) n += r.size();
  return static_cast<uint32_t>(n);
}

bool CoreRangeSet::intersects(const CoreCoord& c) const { return contains(c); }
bool CoreRangeSet::intersects(const CoreRange& other) const {
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const CoreRange& r) { return r.intersects(other); });
}
bool CoreRangeSet::intersects(const CoreRangeSet& other) const {
  return std::any_of(other.ranges_.begin(), other.ranges_.end(), [&](const CoreRange& r) { return intersects(r); });
}

CoreRangeSet CoreRangeSet::intersection(const CoreRangeSet& other) const {
  std::vector<CoreRange> out;
  for (const CoreRange& a : ranges_) {
    for (const CoreRange& b : other.ranges_) {
      if (auto i = a.intersection(b)) out.push_back(*i);
    }
  }
  return CoreRangeSet(std::move(out));
}

bool CoreRangeSet::contains(const CoreCoord& c) const {
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const CoreRange& r) { return r.contains(c); });
}
bool CoreRangeSet::contains(const CoreRange& other) const {
  for (const CoreCoord& c : other) {
    if (!contains(c)) return false;
  }
  return true;
}
bool CoreRangeSet::contains(const CoreRangeSet& other) const {
  return std::all_of(other.ranges_.begin(), other.ranges_.end(), [&](const CoreRange& r) { return contains(r); });
}

CoreRange CoreRangeSet::bounding_box() const {
  TT_FATAL(!ranges_.empty(), "Cannot get bounding_box of an empty CoreRangeSet!");
  CoreCoord lo = ranges_.front().start_coord, hi = ranges_.front().end_coord;
  for (const CoreRange& r : ranges_) {
    lo = {std::min(lo.x, r.start_coord.x), std::min(lo.y, r.start_coord.y)};
    hi = {std::max(hi.x, r.end_coord.x), std::max(hi.y, r.end_coord.y)};
  }
  return CoreRange(lo, hi);
}

// Merges ranges pairwise until no two merge into one rectangle.
CoreRangeSet CoreRangeSet::merge_ranges() const {
  std::vector<CoreRange> rs = ranges_;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < rs.size() && !changed; ++i) {
      for (size_t j = i + 1; j < rs.size() && !changed; ++j) {
        if (auto m = rs[i].merge(rs[j])) {
          rs[i] = *m;
          rs.erase(rs.begin() + static_cast<std::ptrdiff_t>(j));
          changed = true;
        }
      }
    }
  }
  std::sort(rs.begin(), rs.end());
  return CoreRangeSet(std::move(rs));
}

namespace {
// The ranges merge() takes in: a lone range, a set's ranges, or a container
// of ranges that may overlap one another (as tt-metal allows).
std::vector<CoreRange> ranges_of(const CoreRange& r) { return {r}; }
const std::vector<CoreRange>& ranges_of(const CoreRangeSet& s) { return s.ranges(); }
template <typename Container>
const Container& ranges_of(const Container& c) { return c; }
}  // namespace

// tt-metal's decomposition, which its tests compare exactly: sweep the rows
// top to bottom; each maximal run of cores in a row extends the range that
// ended on the row above with the same columns, or starts a new one.
template <typename T>
CoreRangeSet CoreRangeSet::merge(const T& other) const {
  std::map<size_t, std::set<size_t>> rows;  // y -> the x of each core
  for (const CoreRange& r : ranges_) {
    for (const CoreCoord& c : r) rows[c.y].insert(c.x);
  }
  for (const CoreRange& r : ranges_of(other)) {
    for (const CoreCoord& c : r) rows[c.y].insert(c.x);
  }
  std::vector<CoreRange> out;
  std::map<std::pair<size_t, size_t>, size_t> open;  // columns [x0, x1] -> first row, ending on the last row
  std::optional<size_t> last_row;
  auto close = [&](const std::pair<size_t, size_t>& cols, size_t first_row) {
    out.emplace_back(CoreCoord{cols.first, first_row}, CoreCoord{cols.second, *last_row});
  };
  for (const auto& [y, xs] : rows) {
    std::map<std::pair<size_t, size_t>, size_t> next;
    const bool adjacent = last_row && *last_row + 1 == y;
    for (auto it = xs.begin(); it != xs.end();) {
      size_t x0 = *it, x1 = *it;
      while (++it != xs.end() && *it == x1 + 1) x1 = *it;
      auto above = open.find({x0, x1});
      if (adjacent && above != open.end()) {
        next[{x0, x1}] = above->second;
        open.erase(above);
      } else {
        next[{x0, x1}] = y;
      }
    }
    for (const auto& [cols, first_row] : open) close(cols, first_row);
    open = std::move(next);
    last_row = y;
  }
  for (const auto& [cols, first_row] : open) close(cols, first_row);
  std::sort(out.begin(), out.end());
  return CoreRangeSet(std::move(out));
}
// tt-metal instantiates vector, set and CoreRangeSet; CoreRange is ours too.
template CoreRangeSet CoreRangeSet::merge<std::vector<CoreRange>>(const std::vector<CoreRange>&) const;
template CoreRangeSet CoreRangeSet::merge<std::set<CoreRange>>(const std::set<CoreRange>&) const;
template CoreRangeSet CoreRangeSet::merge<CoreRangeSet>(const CoreRangeSet&) const;
template CoreRangeSet CoreRangeSet::merge<CoreRange>(const CoreRange&) const;

CoreRangeSet CoreRangeSet::subtract(const CoreRangeSet& other) const {
  std::vector<CoreRange> singles;
  for (const CoreRange& r : ranges_) {
    for (const CoreCoord& c : r) {
      if (!other.contains(c)) singles.emplace_back(c);
    }
  }
  return CoreRangeSet(std::move(singles)).merge_ranges();
}

std::string CoreRangeSet::str() const {
  std::string s = "{";
  for (size_t i = 0; i < ranges_.size(); ++i) s += (i ? ", " : "") + ranges_[i].str();
  return s + "}";
}

bool operator==(const CoreRangeSet& a, const CoreRangeSet& b) { return a.ranges() == b.ranges(); }
bool operator!=(const CoreRangeSet& a, const CoreRangeSet& b) { return !(a == b); }

std::vector<CoreCoord> grid_to_cores(uint32_t num_cores, uint32_t grid_size_x, uint32_t grid_size_y, bool row_wise) {
  TT_FATAL(num_cores <= grid_size_x * grid_size_y, "Number of cores {} exceeds grid size {}x{}", num_cores,
           grid_size_x, grid_size_y);
  std::vector<CoreCoord> cores;
  cores.reserve(num_cores);
  for (uint32_t i = 0; i < num_cores; ++i) {
    cores.push_back(row_wise ? CoreCoord{i % grid_size_x, i / grid_size_x} : CoreCoord{i / grid_size_y, i % grid_size_y});
  }
  return cores;
}

std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise) {
  using zyxtt::program::CoreOrder;
  std::vector<CoreCoord> cores;
  const zyxtt::program::CoreRange range{{static_cast<uint32_t>(start.x), static_cast<uint32_t>(start.y)},
                                        {static_cast<uint32_t>(end.x), static_cast<uint32_t>(end.y)}};
  zyxtt::program::for_each_core(range, row_wise ? CoreOrder::kRowMajor : CoreOrder::kColumnMajor,
                                [&](zyxtt::program::Core c) { cores.emplace_back(c.x, c.y); });
  return cores;
}

std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<uint32_t> max_cores, bool row_wise) {
  std::vector<CoreCoord> all;
  for (const CoreRange& r : crs.ranges()) {
    for (const CoreCoord& c : grid_to_cores(r.start_coord, r.end_coord, row_wise)) {
      if (max_cores && all.size() >= *max_cores) return all;
      all.push_back(c);
    }
  }
  return all;
}

CoreRangeSet select_from_corerangeset(const CoreRangeSet& crs, uint32_t start_index, uint32_t end_index,
                                      bool row_wise) {
  const std::vector<CoreCoord> all = corerange_to_cores(crs, end_index + 1, row_wise);
  TT_FATAL(end_index < all.size() && start_index <= end_index, "Cannot select cores {} to {} of a set of {} cores",
           start_index, end_index, crs.num_cores());
  std::vector<CoreRange> picked;
  for (uint32_t i = start_index; i <= end_index; ++i) picked.emplace_back(all[i]);
  return CoreRangeSet(std::move(picked));
}

std::vector<CoreCoord> grid_to_cores_with_noop(uint32_t bbox_x, uint32_t bbox_y, uint32_t grid_size_x,
                                               uint32_t grid_size_y, bool row_wise) {
  TT_FATAL(bbox_x < grid_size_x && bbox_y < grid_size_y, "Box ({}, {}) does not fit a {}x{} grid", bbox_x, bbox_y,
           grid_size_x, grid_size_y);
  std::vector<CoreCoord> cores = grid_to_cores(CoreCoord{0, 0}, CoreCoord{bbox_x, bbox_y}, row_wise);
  for (uint32_t x = bbox_x + 1; x < grid_size_x; ++x) {
    for (uint32_t y = 0; y < grid_size_y; ++y) cores.emplace_back(x, y);
  }
  for (uint32_t y = bbox_y + 1; y < grid_size_y; ++y) {
    for (uint32_t x = 0; x <= bbox_x; ++x) cores.emplace_back(x, y);
  }
  return cores;
}

std::vector<CoreCoord> grid_to_cores_with_noop(const CoreRangeSet& used_cores, const CoreRangeSet& all_cores,
                                               bool row_wise) {
  std::vector<CoreCoord> cores = corerange_to_cores(used_cores, std::nullopt, row_wise);
  std::vector<CoreCoord> used = cores;
  std::vector<CoreCoord> all = corerange_to_cores(all_cores, std::nullopt, row_wise);
  std::sort(used.begin(), used.end());
  std::sort(all.begin(), all.end());
  std::set_difference(all.begin(), all.end(), used.begin(), used.end(), std::back_inserter(cores));
  return cores;
}

std::optional<CoreRange> select_contiguous_range_from_corerangeset(const CoreRangeSet& crs, uint32_t x, uint32_t y) {
  for (const CoreRange& r : crs.ranges()) {
    if (r.start_coord.x + x <= r.end_coord.x && r.start_coord.y + y <= r.end_coord.y) {
      return CoreRange(r.start_coord, CoreCoord{r.start_coord.x + x, r.start_coord.y + y});
    }
  }
  return std::nullopt;
}

}  // namespace tt::tt_metal

auto fmt::formatter<tt::tt_metal::CoreCoord>::format(const tt::tt_metal::CoreCoord& core, format_context& ctx) const
    -> format_context::iterator {
  return fmt::format_to(ctx.out(), "{}", core.str());
}
auto fmt::formatter<tt::tt_metal::CoreRange>::format(const tt::tt_metal::CoreRange& range, format_context& ctx) const
    -> format_context::iterator {
  return fmt::format_to(ctx.out(), "{}", range.str());
}
auto fmt::formatter<tt::tt_metal::CoreRangeSet>::format(const tt::tt_metal::CoreRangeSet& set,
                                                        format_context& ctx) const -> format_context::iterator {
  return fmt::format_to(ctx.out(), "{}", set.str());
}

std::size_t std::hash<tt::tt_metal::CoreRange>::operator()(const tt::tt_metal::CoreRange& r) const {
  const std::hash<tt_xy_pair> h;
  return h(r.start_coord) * 31 ^ h(r.end_coord);
}
std::size_t std::hash<tt::tt_metal::CoreRangeSet>::operator()(const tt::tt_metal::CoreRangeSet& s) const {
  std::size_t seed = 0;
  for (const auto& r : s.ranges()) seed = seed * 131 + std::hash<tt::tt_metal::CoreRange>()(r);
  return seed;
}
