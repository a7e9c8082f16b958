// "Node" names for the core coordinate types (tt-metal's Metal 2.0
// node_coord.hpp): a node is a NOC endpoint of the grid (what CoreCoord
// places), a core is one RISC-V processor inside it.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal::experimental {

using NodeCoord = tt::tt_metal::CoreCoord;
using NodeRange = tt::tt_metal::CoreRange;
using NodeRangeSet = tt::tt_metal::CoreRangeSet;

// One node, a range or a set of ranges.
using Nodes = std::variant<NodeCoord, NodeRange, NodeRangeSet>;

// The core_coord.hpp helpers under node names.
inline std::vector<NodeCoord> grid_to_nodes(uint32_t num_nodes, uint32_t grid_size_x, uint32_t grid_size_y,
                                            bool row_wise = false) {
  return tt::tt_metal::grid_to_cores(num_nodes, grid_size_x, grid_size_y, row_wise);
}
inline std::vector<NodeCoord> grid_to_nodes(NodeCoord start, NodeCoord end, bool row_wise = false) {
  return tt::tt_metal::grid_to_cores(start, end, row_wise);
}
inline std::vector<NodeCoord> grid_to_nodes_with_noop(uint32_t bbox_x, uint32_t bbox_y, uint32_t grid_size_x,
                                                      uint32_t grid_size_y, bool row_wise = false) {
  return tt::tt_metal::grid_to_cores_with_noop(bbox_x, bbox_y, grid_size_x, grid_size_y, row_wise);
}
inline std::vector<NodeCoord> grid_to_nodes_with_noop(const NodeRangeSet& used_nodes, const NodeRangeSet& all_nodes,
                                                      bool row_wise = false) {
  return tt::tt_metal::grid_to_cores_with_noop(used_nodes, all_nodes, row_wise);
}
inline std::vector<NodeCoord> node_range_to_nodes(const NodeRangeSet& node_ranges,
                                                  std::optional<uint32_t> max_nodes = std::nullopt,
                                                  bool row_wise = false) {
  return tt::tt_metal::corerange_to_cores(node_ranges, max_nodes, row_wise);
}
inline NodeRangeSet select_from_node_range_set(const NodeRangeSet& node_ranges, uint32_t start_index,
                                               uint32_t end_index, bool row_wise = false) {
  return tt::tt_metal::select_from_corerangeset(node_ranges, start_index, end_index, row_wise);
}
inline std::optional<NodeRange> select_contiguous_range_from_node_range_set(const NodeRangeSet& node_ranges,
                                                                            uint32_t x, uint32_t y) {
  return tt::tt_metal::select_contiguous_range_from_corerangeset(node_ranges, x, y);
}

}  // namespace tt::tt_metal::experimental
