// N-dimensional sharding of a buffer's pages (tt-metal's
// buffer_distribution_spec.hpp): the tensor and a shard in pages, and the
// cores shards go to, shard s (row-major over the shard grid) to core
// s % cores as that core's (s / cores)-th shard.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal {

namespace detail {
// Each core's device pages: shard after shard, a shard's pages row-major,
// PADDING where a partial shard has no page.
UncompressedBufferPageMapping compute_page_mapping(const Shape& tensor_shape, const Shape& shard_shape,
                                                   const std::vector<CoreCoord>& cores);

// The same sharding at the lowest rank: neighbouring dimensions merge where
// that keeps every page's place (whole dimensions, or a shard of 1 over a
// dimension the shard divides); tensor dimensions beyond the shard's rank
// fold into the outermost.
std::pair<Shape, Shape> squeeze_shape_ranks(const Shape& tensor_shape, const Shape& shard_shape);
}  // namespace detail

class BufferDistributionSpec {
 public:
  // Shapes in elements; the last two dimensions become pages of `page_shape`.
  static BufferDistributionSpec from_shard_spec(
      Shape tensor_shape, Shape shard_shape, Shape2D page_shape, const CoreRangeSet& core_range_set,
      ShardOrientation shard_orientation,
      ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D);

  BufferDistributionSpec(
      const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages, const CoreRangeSet& core_range_set,
      ShardOrientation shard_orientation,
      ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D);

  BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                         std::vector<CoreCoord> cores);

  const Shape& tensor_shape_in_pages() const { return tensor_shape_in_pages_; }
  const Shape& shard_shape_in_pages() const { return shard_shape_in_pages_; }

  size_t num_shards() const;
  size_t max_num_shards_per_core() const;
  size_t max_num_dev_pages_per_core() const;
  size_t num_cores() const { return cores_.size(); }
  size_t num_cores_with_data() const;
  const std::vector<CoreCoord>& cores() const { return cores_; }
  const std::vector<CoreCoord>& cores_with_data() const { return cores_with_data_; }

  size_t num_shards_per_core(size_t core_idx) const;
  size_t num_dev_pages_per_core(size_t core_idx) const;

  // The cores with data: group 1 holds one shard more than group 2.
  struct CoreGroups {
    CoreRangeSet cores_with_data;
    CoreRangeSet cores_in_group_1;
    CoreRangeSet cores_in_group_2;
    size_t num_shards_per_core_in_group_1 = 0;
    size_t num_shards_per_core_in_group_2 = 0;
  };
  const CoreGroups& core_groups() const { return core_groups_; }
  // As split_work_to_cores returns it: cores with data (count, set), group 1,
  // group 2, shards per core in each group.
  std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t> core_groups_tuple() const;

  UncompressedBufferPageMapping compute_page_mapping() const {
    return detail::compute_page_mapping(tensor_shape_in_pages_, shard_shape_in_pages_, cores_);
  }

 private:
  static std::vector<CoreCoord> compute_core_list(const Shape& tensor_shape_in_pages,
                                                  const Shape& shard_shape_in_pages,
                                                  const CoreRangeSet& core_range_set,
                                                  ShardOrientation shard_orientation,
                                                  ShardDistributionStrategy shard_distribution_strategy);
  void init_precomputed_data();

  Shape tensor_shape_in_pages_;
  Shape shard_shape_in_pages_;

  std::vector<CoreCoord> cores_;

  CoreGroups core_groups_;
  std::vector<CoreCoord> cores_with_data_;
  size_t shard_volume_ = 0;
  size_t num_shards_ = 0;
};

}  // namespace tt::tt_metal
