// BufferDistributionSpec: shapes in pages, the cores shards go to, and the
// page mapping that follows from them.
#include <tt-metalium/buffer_distribution_spec.hpp>

#include <algorithm>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

namespace {

uint32_t div_up(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

// The last dimension in pages of the page width, the one before in pages of its height.
Shape in_pages(Shape shape, const Shape2D& page) {
  if (shape.rank() >= 1) shape[-1] = div_up(shape[-1], page.width());
  if (shape.rank() >= 2) shape[-2] = div_up(shape[-2], page.height());
  return shape;
}

void check_shapes(const Shape& tensor, const Shape& shard) {
  TT_FATAL(tensor.rank() >= 1, "Tensor rank must be at least 1!");
  TT_FATAL(shard.rank() >= 1, "Shard rank must be at least 1!");
  TT_FATAL(shard.volume() != 0, "Shard shape must have non zero volume!");
}

}  // namespace

BufferDistributionSpec BufferDistributionSpec::from_shard_spec(Shape tensor_shape, Shape shard_shape,
                                                               Shape2D page_shape, const CoreRangeSet& core_range_set,
                                                               ShardOrientation shard_orientation,
                                                               ShardDistributionStrategy shard_distribution_strategy) {
  return BufferDistributionSpec(in_pages(std::move(tensor_shape), page_shape),
                                in_pages(std::move(shard_shape), page_shape), core_range_set, shard_orientation,
                                shard_distribution_strategy);
}

BufferDistributionSpec::BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                                               const CoreRangeSet& core_range_set, ShardOrientation shard_orientation,
                                               ShardDistributionStrategy shard_distribution_strategy) {
  check_shapes(tensor_shape_in_pages, shard_shape_in_pages);
  cores_ = compute_core_list(tensor_shape_in_pages, shard_shape_in_pages, core_range_set, shard_orientation,
                             shard_distribution_strategy);
  std::tie(tensor_shape_in_pages_, shard_shape_in_pages_) =
      detail::squeeze_shape_ranks(tensor_shape_in_pages, shard_shape_in_pages);
  TT_FATAL(tensor_shape_in_pages_.volume() == 0 || !cores_.empty(),
           "Can't distribute non zero volume tensor over an empty set of cores");
  init_precomputed_data();
}

BufferDistributionSpec::BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                                               std::vector<CoreCoord> cores)
    : cores_(std::move(cores)) {
  check_shapes(tensor_shape_in_pages, shard_shape_in_pages);
  std::tie(tensor_shape_in_pages_, shard_shape_in_pages_) =
      detail::squeeze_shape_ranks(tensor_shape_in_pages, shard_shape_in_pages);
  TT_FATAL(tensor_shape_in_pages_.volume() == 0 || !cores_.empty(),
           "Can't distribute non zero volume tensor over an empty set of cores");
  init_precomputed_data();
}

std::vector<CoreCoord> BufferDistributionSpec::compute_core_list(const Shape& tensor_shape_in_pages,
                                                                 const Shape& shard_shape_in_pages,
                                                                 const CoreRangeSet& core_range_set,
                                                                 ShardOrientation shard_orientation,
                                                                 ShardDistributionStrategy shard_distribution_strategy) {
  const bool row_major = shard_orientation == ShardOrientation::ROW_MAJOR;
  if (shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D) {
    return corerange_to_cores(core_range_set, core_range_set.num_cores(), row_major);
  }
  // GRID_2D: shard (i, j) of a 2-d shard grid on core (i, j) of one rectangle.
  TT_FATAL(shard_shape_in_pages.rank() <= 2, "2D grid distribution is only supported for 2D sharding!");
  TT_FATAL(core_range_set.ranges().size() == 1, "2D grid distribution is only supported for one contiguous core grid!");
  const CoreRange grid = core_range_set.ranges()[0];
  const uint64_t volume = tensor_shape_in_pages.volume();
  const uint64_t height = volume == 0 ? 0 : volume / tensor_shape_in_pages[-1];
  uint32_t across = std::max(div_up(tensor_shape_in_pages[-1], shard_shape_in_pages[-1]), 1u);
  uint32_t down = std::max(div_up(height, shard_shape_in_pages.rank() >= 2 ? shard_shape_in_pages[-2] : 1), 1u);
  if (!row_major) std::swap(across, down);
  TT_FATAL(across <= grid.grid_size().x, "Number of shards along width must not exceed core grid width!");
  TT_FATAL(down <= grid.grid_size().y, "Number of shards along height must not exceed core grid height!");
  const CoreRange used(grid.start_coord, {grid.start_coord.x + across - 1, grid.start_coord.y + down - 1});
  return corerange_to_cores(CoreRangeSet(used), used.size(), row_major);
}

size_t BufferDistributionSpec::num_shards() const { return num_shards_; }
size_t BufferDistributionSpec::num_cores_with_data() const { return std::min(num_cores(), num_shards()); }
size_t BufferDistributionSpec::max_num_shards_per_core() const {
  return cores_.empty() ? 0 : (num_shards_ + cores_.size() - 1) / cores_.size();
}
size_t BufferDistributionSpec::max_num_dev_pages_per_core() const { return max_num_shards_per_core() * shard_volume_; }
size_t BufferDistributionSpec::num_shards_per_core(size_t core_idx) const {
  return num_shards_ / num_cores() + (core_idx < num_shards_ % num_cores() ? 1 : 0);
}
size_t BufferDistributionSpec::num_dev_pages_per_core(size_t core_idx) const {
  return num_shards_per_core(core_idx) * shard_volume_;
}

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t>
BufferDistributionSpec::core_groups_tuple() const {
  const CoreGroups& g = core_groups_;
  return {g.cores_with_data.num_cores(),
          g.cores_with_data,
          g.cores_in_group_1,
          g.cores_in_group_2,
          static_cast<uint32_t>(g.num_shards_per_core_in_group_1),
          static_cast<uint32_t>(g.num_shards_per_core_in_group_2)};
}

void BufferDistributionSpec::init_precomputed_data() {
  shard_volume_ = shard_shape_in_pages_.volume();
  num_shards_ = 0;
  if (tensor_shape_in_pages_.volume() != 0) {
    num_shards_ = 1;
    for (size_t d = 0; d < tensor_shape_in_pages_.rank(); ++d) {
      const int i = static_cast<int>(d);
      num_shards_ *= div_up(tensor_shape_in_pages_[i], shard_shape_in_pages_[i]);
    }
  }
  cores_with_data_.assign(cores_.begin(), cores_.begin() + num_cores_with_data());
  if (num_shards_ == 0) return;
  const size_t base = num_shards_ / num_cores();
  const size_t more = num_shards_ % num_cores();  // the first `more` cores hold one shard more
  core_groups_.cores_with_data = CoreRangeSet(cores_with_data_);
  if (more == 0) {
    core_groups_.cores_in_group_1 = core_groups_.cores_with_data;
    core_groups_.num_shards_per_core_in_group_1 = base;
    return;
  }
  core_groups_.cores_in_group_1 = CoreRangeSet(std::vector<CoreCoord>(cores_.begin(), cores_.begin() + more));
  if (base != 0) core_groups_.cores_in_group_2 = CoreRangeSet(std::vector<CoreCoord>(cores_.begin() + more, cores_.end()));
  core_groups_.num_shards_per_core_in_group_1 = base + 1;
  core_groups_.num_shards_per_core_in_group_2 = base;
}

namespace detail {

UncompressedBufferPageMapping compute_page_mapping(const Shape& tensor_shape, const Shape& shard_shape,
                                                   const std::vector<CoreCoord>& cores) {
  UncompressedBufferPageMapping mapping;
  mapping.all_cores = cores;
  if (tensor_shape.volume() == 0) return mapping;
  const size_t rank = tensor_shape.rank();
  std::vector<uint32_t> tensor(tensor_shape.view().begin(), tensor_shape.view().end());
  std::vector<uint32_t> shard(shard_shape.view().begin(), shard_shape.view().end());
  std::vector<uint32_t> grid(rank);
  std::vector<uint64_t> tensor_stride(rank, 1), shard_stride(rank, 1);
  size_t shards = 1;
  for (size_t d = rank; d-- > 0;) {
    grid[d] = div_up(tensor[d], shard[d]);
    shards *= grid[d];
    if (d + 1 < rank) {
      tensor_stride[d] = tensor_stride[d + 1] * tensor[d + 1];
      shard_stride[d] = shard_stride[d + 1] * shard[d + 1];
    }
  }
  const uint64_t volume = shard_shape.volume();
  const size_t per_core = (shards + cores.size() - 1) / cores.size();
  mapping.core_host_page_indices.assign(cores.size(),
                                        std::vector<uint32_t>(per_core * volume, UncompressedBufferPageMapping::PADDING));
  std::vector<uint32_t> at(rank, 0), in(rank, 0), extent(rank);
  for (size_t s = 0; s < shards; ++s) {
    // Shard s's coordinate in the shard grid (row-major), and its extent inside the tensor.
    for (size_t d = rank, rest = s; d-- > 0;) {
      at[d] = static_cast<uint32_t>(rest % grid[d]);
      rest /= grid[d];
      extent[d] = std::min(shard[d], tensor[d] - at[d] * shard[d]);
    }
    std::vector<uint32_t>& pages = mapping.core_host_page_indices[s % cores.size()];
    const uint64_t first = (s / cores.size()) * volume;
    std::fill(in.begin(), in.end(), 0);
    for (bool more = true; more;) {
      uint64_t host = 0, device = first;
      for (size_t d = 0; d < rank; ++d) {
        host += (uint64_t{at[d]} * shard[d] + in[d]) * tensor_stride[d];
        device += in[d] * shard_stride[d];
      }
      pages[device] = static_cast<uint32_t>(host);
      more = false;
      for (size_t d = rank; d-- > 0;) {
        if (++in[d] < extent[d]) {
          more = true;
          break;
        }
        in[d] = 0;
      }
    }
  }
  return mapping;
}

std::pair<Shape, Shape> squeeze_shape_ranks(const Shape& tensor_shape, const Shape& shard_shape) {
  TT_FATAL(tensor_shape.rank() >= shard_shape.rank(), "Tensor shape rank ({}) can't be less than shard shape rank ({})!",
           tensor_shape.rank(), shard_shape.rank());
  const uint64_t tensor_volume = tensor_shape.volume();
  const uint64_t shard_volume = shard_shape.volume();
  // Built innermost first; a dimension joins the group before it while the
  // group so far is whole (tensor == shard), or when its shard is 1 and the
  // dimension inside it divides evenly.
  std::vector<uint32_t> tensor, shard;
  bool group_whole = false;
  bool inner_divides = false;
  uint64_t tensor_seen = 1, shard_seen = 1;
  const int shard_rank = static_cast<int>(shard_shape.rank());
  for (int d = -1; d >= -shard_rank; --d) {
    const uint32_t t = tensor_shape[d], s = shard_shape[d];
    const bool join = d < -1 && (group_whole || (s == 1 && inner_divides));
    if (join) {
      tensor.back() *= t;
      shard.back() *= s;
    } else {
      tensor.push_back(t);
      shard.push_back(s);
      group_whole = true;
    }
    group_whole = group_whole && t == s;
    inner_divides = t % s == 0;
    tensor_seen *= t;
    shard_seen *= s;
    if (tensor_seen == tensor_volume && shard_seen == shard_volume) break;
  }
  for (int d = -shard_rank - 1; d >= -static_cast<int>(tensor_shape.rank()); --d) tensor.back() *= tensor_shape[d];
  std::reverse(tensor.begin(), tensor.end());
  std::reverse(shard.begin(), shard.end());
  return {Shape(Shape::Container(tensor.begin(), tensor.end())), Shape(Shape::Container(shard.begin(), shard.end()))};
}

}  // namespace detail

}  // namespace tt::tt_metal
