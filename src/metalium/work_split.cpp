// Splitting units of work over a grid of cores.
#include <tt-metalium/work_split.hpp>

#include <algorithm>
#include <vector>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

// Walking a grid line by line (a line is a row when row_wise, else a
// column), n cores from `start` form at most three rectangles: the rest of
// the first line, whole lines, and the start of the last line.
CoreRangeSet num_cores_to_corerangeset(CoreCoord start_core, uint32_t target_num_cores, CoreCoord grid_size,
                                       bool row_wise) {
  TT_FATAL(start_core.x < grid_size.x && start_core.y < grid_size.y, "Start core must be within grid size");
  // Line length, number of lines, and the start as (position in line, line).
  const size_t len = row_wise ? grid_size.x : grid_size.y;
  const size_t lines = row_wise ? grid_size.y : grid_size.x;
  size_t pos = row_wise ? start_core.x : start_core.y;
  size_t line = row_wise ? start_core.y : start_core.x;
  const size_t available = (lines - 1 - line) * len + (len - pos);
  TT_FATAL(target_num_cores <= available, "Target number of cores {} is greater than total number of available cores {}",
           target_num_cores, available);
  auto coord = [&](size_t p, size_t l) { return row_wise ? CoreCoord{p, l} : CoreCoord{l, p}; };

  std::vector<CoreRange> ranges;
  size_t left = target_num_cores;
  if (pos != 0 && left > len - pos) {
    ranges.emplace_back(coord(pos, line), coord(len - 1, line));
    left -= len - pos;
    pos = 0;
    ++line;
  }
  if (left > len) {
    const size_t full = left / len;
    ranges.emplace_back(coord(0, line), coord(len - 1, line + full - 1));
    left -= full * len;
    line += full;
  }
  if (left > 0) ranges.emplace_back(coord(pos, line), coord(pos + left - 1, line));
  return CoreRangeSet(std::move(ranges));
}

CoreRangeSet num_cores_to_corerangeset(uint32_t target_num_cores, CoreCoord grid_size, bool row_wise) {
  return num_cores_to_corerangeset({0, 0}, target_num_cores, grid_size, row_wise);
}

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t> split_work_to_cores(
    CoreCoord grid_size, uint32_t units_to_divide, bool row_wise) {
  if (units_to_divide == 0) return {0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0};
  const auto max_cores = static_cast<uint32_t>(grid_size.x * grid_size.y);
  const uint32_t num_cores = std::min(units_to_divide, max_cores);
  const CoreRangeSet all = num_cores == max_cores
                               ? CoreRangeSet(CoreRange({0, 0}, {grid_size.x - 1, grid_size.y - 1}))
                               : num_cores_to_corerangeset(num_cores, grid_size, row_wise);
  const uint32_t per_core = units_to_divide / num_cores;
  const uint32_t with_more = units_to_divide % num_cores;
  if (with_more == 0) return {num_cores, all, all, CoreRangeSet(), per_core, 0};

  // The first `with_more` cores in walk order take one unit more.
  const CoreRangeSet group_1 = num_cores_to_corerangeset(with_more, grid_size, row_wise);
  const CoreCoord last = group_1.ranges().back().end_coord;
  const size_t len = row_wise ? grid_size.x : grid_size.y;
  const size_t last_pos = row_wise ? last.x : last.y;
  const size_t last_line = row_wise ? last.y : last.x;
  const CoreCoord next = last_pos + 1 < len ? (row_wise ? CoreCoord{last_pos + 1, last_line} : CoreCoord{last_line, last_pos + 1})
                                            : (row_wise ? CoreCoord{0, last_line + 1} : CoreCoord{last_line + 1, 0});
  const CoreRangeSet group_2 = num_cores_to_corerangeset(next, num_cores - with_more, grid_size, row_wise);
  return {num_cores, all, group_1, group_2, per_core + 1, per_core};
}

namespace {

// Cores [first, first + count) of `grid` in walk order, as rectangles: within
// each range the same walk num_cores_to_corerangeset makes of a grid.
CoreRangeSet slice_of(const CoreRangeSet& grid, uint32_t first, uint32_t count, bool row_wise) {
  std::vector<CoreRange> out;
  for (const CoreRange& range : grid.ranges()) {
    if (count == 0) break;
    const auto size = static_cast<uint32_t>(range.size());
    if (first >= size) {
      first -= size;
      continue;
    }
    const CoreCoord dims = range.grid_size();
    const size_t len = row_wise ? dims.x : dims.y;
    const CoreCoord local = row_wise ? CoreCoord{first % len, first / len} : CoreCoord{first / len, first % len};
    const uint32_t take = std::min(count, size - first);
    const CoreCoord o = range.start_coord;
    const CoreRangeSet pieces = num_cores_to_corerangeset(local, take, dims, row_wise);
    for (const CoreRange& r : pieces.ranges()) {
      out.emplace_back(CoreCoord{o.x + r.start_coord.x, o.y + r.start_coord.y},
                       CoreCoord{o.x + r.end_coord.x, o.y + r.end_coord.y});
    }
    count -= take;
    first = 0;
  }
  return CoreRangeSet(std::move(out));
}

}  // namespace

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t> split_work_to_cores(
    const CoreRangeSet& core_grid, uint32_t units_to_divide, bool row_wise) {
  if (units_to_divide == 0) return {0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0};
  const auto max_cores = static_cast<uint32_t>(core_grid.num_cores());
  TT_FATAL(max_cores > 0, "Core grid must contain at least one core");
  const uint32_t num_cores = std::min(units_to_divide, max_cores);
  const CoreRangeSet all = num_cores == max_cores ? core_grid : slice_of(core_grid, 0, num_cores, row_wise);
  const uint32_t per_core = units_to_divide / num_cores;
  const uint32_t with_more = units_to_divide % num_cores;
  if (with_more == 0) return {num_cores, all, all, CoreRangeSet(), per_core, 0};
  return {num_cores, all, slice_of(core_grid, 0, with_more, row_wise),
          slice_of(core_grid, with_more, num_cores - with_more, row_wise), per_core + 1, per_core};
}

}  // namespace tt::tt_metal
