// Splitting units of work over cores (tt-metal's work_split.hpp).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <tuple>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

// The first target_num_cores cores of a grid from start_core, column by
// column (row_wise: row by row), as at most three ranges.
CoreRangeSet num_cores_to_corerangeset(CoreCoord start_core, uint32_t target_num_cores, CoreCoord grid_size,
                                       bool row_wise = false);
CoreRangeSet num_cores_to_corerangeset(uint32_t target_num_cores, CoreCoord grid_size, bool row_wise = false);

// (num_cores, all_cores, core_group_1, core_group_2, units_per_core_group_1,
// units_per_core_group_2): group 1 takes one unit more than group 2.
std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t> split_work_to_cores(
    CoreCoord grid_size, uint32_t units_to_divide, bool row_wise = false);
// The same over the cores of a set: its ranges in order, each walked column
// by column (row_wise: row by row).
std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t> split_work_to_cores(
    const CoreRangeSet& core_grid, uint32_t units_to_divide, bool row_wise = false);

}  // namespace tt::tt_metal
