// Logical core coordinates and sets of them (tt-metal's core_coord.hpp).
// x is the column, y the row.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <fmt/core.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <tt_stl/span.hpp>
#include <umd/device/types/xy_pair.hpp>

namespace tt::tt_metal {

using CoreCoord = tt_xy_pair;

class CoreRangeSet;

constexpr bool operator<=(const CoreCoord& a, const CoreCoord& b) { return (a < b) || (a == b); }

// The cores of a rectangle, both corners included.
class CoreRange {
 public:
  CoreCoord start_coord;
  CoreCoord end_coord;

  CoreRange(const CoreCoord& point);
  CoreRange(const CoreCoord& start_coord, const CoreCoord& end_coord);
  CoreRange(const CoreRange& other) = default;
  CoreRange& operator=(const CoreRange& other) = default;
  CoreRange(CoreRange&& other) noexcept = default;
  CoreRange& operator=(CoreRange&& other) noexcept = default;

  bool intersects(const CoreRange& other) const;
  std::optional<CoreRange> intersection(const CoreRange& other) const;
  bool adjacent(const CoreRange& other) const;
  bool contains(const CoreCoord& other) const;
  bool contains(const CoreRange& other) const;
  bool contains(const CoreRangeSet& other) const;
  // The union as one range, when it is one.
  std::optional<CoreRange> merge(const CoreRange& cr) const;
  std::string str() const;
  size_t size() const;
  CoreCoord grid_size() const;

  // Row-major: x fastest.
  class CoreIterator {
   public:
    CoreIterator(const CoreCoord& current, const CoreRange& core_range);
    CoreCoord& operator*();
    CoreIterator& operator++();
    bool operator==(const CoreIterator& other) const;
    bool operator!=(const CoreIterator& other) const;

   private:
    CoreCoord current_;
    const CoreRange& range_;
  };
  CoreIterator begin() const;
  CoreIterator end() const;
};

constexpr bool operator==(const CoreRange& a, const CoreRange& b) {
  return a.start_coord == b.start_coord && a.end_coord == b.end_coord;
}
constexpr bool operator!=(const CoreRange& a, const CoreRange& b) { return !(a == b); }
constexpr bool operator<(const CoreRange& a, const CoreRange& b) {
  return a.start_coord < b.start_coord || (a.start_coord == b.start_coord && a.end_coord < b.end_coord);
}

// Disjoint core ranges; constructing one from overlapping ranges throws.
class CoreRangeSet {
 public:
  CoreRangeSet(ttsl::Span<const CoreRange> core_ranges);
  CoreRangeSet(const std::set<CoreRange>& core_ranges);
  CoreRangeSet(const CoreRange& core_range);
  CoreRangeSet(ttsl::Span<const CoreCoord> core_coords);
  CoreRangeSet() = default;
  friend void swap(CoreRangeSet& first, CoreRangeSet& second) noexcept;
  CoreRangeSet(const CoreRangeSet& other);
  CoreRangeSet& operator=(const CoreRangeSet& other) noexcept = default;
  CoreRangeSet(CoreRangeSet&& other) noexcept;
  CoreRangeSet& operator=(CoreRangeSet&& other) noexcept = default;
  CoreRangeSet(std::vector<CoreRange>&& core_ranges);

  bool empty() const;
  // Number of ranges (num_cores() counts cores).
  size_t size() const;
  template <typename T>
  CoreRangeSet merge(const T& other) const;
  bool intersects(const CoreCoord& other) const;
  bool intersects(const CoreRange& other) const;
  bool intersects(const CoreRangeSet& other) const;
  CoreRangeSet intersection(const CoreRangeSet& other) const;
  bool contains(const CoreCoord& other) const;
  bool contains(const CoreRange& other) const;
  bool contains(const CoreRangeSet& other) const;
  const std::vector<CoreRange>& ranges() const;
  std::string str() const;
  uint32_t num_cores() const;
  CoreRange bounding_box() const;
  CoreRangeSet merge_ranges() const;
  CoreRangeSet subtract(const CoreRangeSet& other) const;

 private:
  void validate_no_overlap();
  std::vector<CoreRange> ranges_;
};

bool operator==(const CoreRangeSet& a, const CoreRangeSet& b);
bool operator!=(const CoreRangeSet& a, const CoreRangeSet& b);

// The first num_cores cores of a grid_size_x x grid_size_y grid, column by
// column (row_wise: row by row).
std::vector<CoreCoord> grid_to_cores(uint32_t num_cores, uint32_t grid_size_x, uint32_t grid_size_y,
                                     bool row_wise = false);
std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise = false);
// Every core of a set, range by range; inside a range column by column
// (row_wise: row by row). At most max_cores of them.
std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<uint32_t> max_cores = std::nullopt,
                                          bool row_wise = false);
// Cores [start_index, end_index] of corerange_to_cores(crs, nullopt, row_wise).
CoreRangeSet select_from_corerangeset(const CoreRangeSet& crs, uint32_t start_index, uint32_t end_index,
                                      bool row_wise = false);
// The cores of the box (0,0)..(bbox_x,bbox_y) in grid_to_cores order, then
// the grid's other cores (the right strip column by column, then the strip
// below the box), which a kernel leaves idle.
std::vector<CoreCoord> grid_to_cores_with_noop(uint32_t bbox_x, uint32_t bbox_y, uint32_t grid_size_x,
                                               uint32_t grid_size_y, bool row_wise = false);
// corerange_to_cores(used_cores), then the other cores of all_cores (sorted).
std::vector<CoreCoord> grid_to_cores_with_noop(const CoreRangeSet& used_cores, const CoreRangeSet& all_cores,
                                               bool row_wise = false);
// The range from the start of the first range of crs that spans x more
// columns and y more rows than its start, or none.
std::optional<CoreRange> select_contiguous_range_from_corerangeset(const CoreRangeSet& crs, uint32_t x, uint32_t y);

}  // namespace tt::tt_metal

using CoreCoord [[deprecated("Use tt::tt_metal::CoreCoord")]] = tt::tt_metal::CoreCoord;
using CoreRange [[deprecated("Use tt::tt_metal::CoreRange")]] = tt::tt_metal::CoreRange;
using CoreRangeSet [[deprecated("Use tt::tt_metal::CoreRangeSet")]] = tt::tt_metal::CoreRangeSet;

template <>
struct fmt::formatter<tt::tt_metal::CoreCoord> {
  constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
  auto format(const tt::tt_metal::CoreCoord& core, format_context& ctx) const -> format_context::iterator;
};
template <>
struct fmt::formatter<tt::tt_metal::CoreRange> {
  constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
  auto format(const tt::tt_metal::CoreRange& range, format_context& ctx) const -> format_context::iterator;
};
template <>
struct fmt::formatter<tt::tt_metal::CoreRangeSet> {
  constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
  auto format(const tt::tt_metal::CoreRangeSet& set, format_context& ctx) const -> format_context::iterator;
};

template <>
struct std::hash<tt::tt_metal::CoreRange> {
  std::size_t operator()(const tt::tt_metal::CoreRange& range) const;
};
template <>
struct std::hash<tt::tt_metal::CoreRangeSet> {
  std::size_t operator()(const tt::tt_metal::CoreRangeSet& set) const;
};
