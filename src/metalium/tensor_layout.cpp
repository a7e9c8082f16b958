// Pages and padding of tt-metal's tensor library: page configs and TensorLayout.
#include <tt-metalium/experimental/tensor/spec/layout/tensor_layout.hpp>

#include <numeric>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/math.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {
namespace {

size_t round_up(size_t value, size_t multiple) { return multiple == 0 ? value : (value + multiple - 1) / multiple * multiple; }
using tt::div_up;

// Bytes of one element in a row-major page (block floats are kept as float there).
size_t row_major_element_bytes(DataType dtype) {
  switch (dtype) {
    case DataType::BFLOAT16:
    case DataType::UINT16: return 2;
    case DataType::FLOAT32:
    case DataType::INT32:
    case DataType::UINT32:
    case DataType::BFLOAT8_B:
    case DataType::BFLOAT4_B: return 4;
    case DataType::FP8_E4M3:
    case DataType::UINT8: return 1;
    default: TT_THROW("Unsupported data type!");
  }
}

constexpr size_t kRecommendedAlignmentBytes = 64;

std::optional<std::string> shard_align_error(const MemoryConfig& memory_config, Layout layout, const Tile& tile) {
  if (!memory_config.is_sharded() || layout != Layout::TILE) return std::nullopt;
  const auto tile_shape = tile.get_tile_shape();
  if (memory_config.shard_spec().has_value()) {
    const auto& shard = memory_config.shard_spec()->shape;
    if (shard[0] % tile_shape[0] != 0 || shard[1] % tile_shape[1] != 0)
      return fmt::format("Physical shard shape ({}, {}) must be tile [{}, {}] sized!", shard[0], shard[1],
                         tile_shape[0], tile_shape[1]);
  } else if (memory_config.nd_shard_spec().has_value()) {
    const auto& shard = memory_config.nd_shard_spec()->shard_shape;
    if (shard[-2] % tile_shape[0] != 0 || shard[-1] % tile_shape[1] != 0)
      return fmt::format("Physical shard shape {} must be tile [{}, {}] sized!", shard, tile_shape[0], tile_shape[1]);
  }
  return std::nullopt;
}

// The alignment that pads `logical` to `padded` (tt-metal's legacy padded shapes).
Alignment alignment_from_padded_shape(const Shape& logical, const Shape& padded, const PageConfig& page_config,
                                      const MemoryConfig& memory_config) {
  if (logical == padded) return Alignment{};
  const int rank = static_cast<int>(padded.rank());
  bool only_inner_two = true;
  for (int i = -3; i >= -rank; --i) only_inner_two = only_inner_two && logical[i] == padded[i];
  if (memory_config.shard_spec().has_value()) {
    TT_FATAL(only_inner_two, "Tensor with shape {} ({}) cannot be sharded because alignment will have rank greater than 2!",
             logical, padded);
    if (page_config.get_layout() == Layout::ROW_MAJOR) return Alignment{memory_config.shard_spec()->shape[1]};
    return Alignment{};
  }
  bool height_over = true, width_over = true;
  if (page_config.get_layout() == Layout::TILE) {
    const Tile tile = page_config.get_tile();
    height_over = padded[-2] > round_up(logical[-2], tile.get_height());
    width_over = padded[-1] > round_up(logical[-1], tile.get_width());
  }
  const Tile tile = page_config.get_tile();
  const uint32_t width = width_over ? padded[-1] : tile.get_width();
  const uint32_t height = height_over ? padded[-2] : tile.get_height();
  if (only_inner_two) {
    if (rank >= 2) return Alignment{height, width};
    return Alignment{width};
  }
  ttsl::SmallVector<uint32_t> values(rank);
  values[rank - 1] = width;
  values[rank - 2] = height;
  uint32_t volume = padded[-2];
  for (int dim = rank - 3; dim >= 0; --dim) {
    volume *= padded[dim];
    values[dim] = volume;
  }
  for (auto& v : values) v = v == 0 ? 1 : v;
  return Alignment(std::move(values));
}

}  // namespace

// ---- page configs ----

PageConfig::PageConfig(const Config& config) : config_(config) {}
PageConfig::PageConfig(Layout layout) : PageConfig(layout, std::nullopt) {}
PageConfig::PageConfig(Layout layout, const std::optional<Tile>& tile) {
  if (layout == Layout::ROW_MAJOR) {
    config_ = RowMajorPageConfig(tile.value_or(Tile()));
  } else {
    config_ = TilePageConfig(tile.value_or(Tile()));
  }
}
Alignment PageConfig::create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const {
  return std::visit([&](const auto& c) { return c.create_default_alignment(dtype, memory_config); }, config_);
}
void PageConfig::validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const {
  std::visit([&](const auto& c) { c.validate_alignment(alignment, dtype, memory_config); }, config_);
}
Shape2D PageConfig::get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                                   const std::optional<Shape2D>& physical_shard_size) const {
  return std::visit([&](const auto& c) { return c.get_page_shape(physical_size, dtype, memory_config, physical_shard_size); },
                    config_);
}
size_t PageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
  return std::visit([&](const auto& c) { return c.get_page_size_bytes(page_shape, dtype); }, config_);
}
Tile PageConfig::get_tile() const {
  return std::visit([](const auto& c) { return c.get_tile(); }, config_);
}
Layout PageConfig::get_layout() const {
  return std::holds_alternative<RowMajorPageConfig>(config_) ? Layout::ROW_MAJOR : Layout::TILE;
}
Alignment PageConfig::get_required_shard_shape_alignment() const {
  return std::visit([](const auto& c) { return c.get_required_shard_shape_alignment(); }, config_);
}
Alignment PageConfig::get_recommended_shard_shape_alignment(DataType dtype) const {
  return std::visit([&](const auto& c) { return c.get_recommended_shard_shape_alignment(dtype); }, config_);
}

TilePageConfig::TilePageConfig(const Tile& tile) : tile_(tile) {}
const Tile& TilePageConfig::get_tile() const { return tile_; }
Alignment TilePageConfig::create_default_alignment(DataType, const MemoryConfig&) const {
  return Alignment({tile_.get_height(), tile_.get_width()});
}
void TilePageConfig::validate_alignment(const Alignment& alignment, DataType, const MemoryConfig&) const {
  TT_FATAL(alignment.size() >= 2, "Alignment should have at least 2 dimensions for Tile layout");
  TT_FATAL(alignment[-1] % tile_.get_width() == 0,
           "Wrong custom Tensor Layout alignment {}. For Tile layout innermost dimension should be multiple of tile "
           "width {}.",
           alignment, tile_.get_width());
  TT_FATAL(alignment[-2] % tile_.get_height() == 0,
           "Wrong custom Tensor Layout alignment {}. For Tile layout second innermost dimension should be multiple of "
           "tile height {}.",
           alignment, tile_.get_height());
}
Shape2D TilePageConfig::get_page_shape(const Shape2D&, DataType, const MemoryConfig&, const std::optional<Shape2D>&) const {
  return Shape2D(tile_.get_height(), tile_.get_width());
}
size_t TilePageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
  const size_t tiles = page_shape.height() / tile_.get_height() * page_shape.width() / tile_.get_width();
  return tiles * tile_.get_tile_size(datatype_to_dataformat_converter(dtype));
}
Alignment TilePageConfig::get_required_shard_shape_alignment() const {
  return Alignment({tile_.get_height(), tile_.get_width()});
}
Alignment TilePageConfig::get_recommended_shard_shape_alignment(DataType) const {
  return get_required_shard_shape_alignment();
}

RowMajorPageConfig::RowMajorPageConfig(const Tile& tile) : tile_(tile) {}
const Tile& RowMajorPageConfig::get_tile() const { return tile_; }
Alignment RowMajorPageConfig::create_default_alignment(DataType, const MemoryConfig& memory_config) const {
  if (memory_config.shard_spec().has_value()) return Alignment({memory_config.shard_spec()->shape[1]});
  if (memory_config.nd_shard_spec().has_value()) return Alignment({memory_config.nd_shard_spec()->shard_shape[-1]});
  return Alignment({1});
}
void RowMajorPageConfig::validate_alignment(const Alignment& alignment, DataType, const MemoryConfig& memory_config) const {
  TT_FATAL(!alignment.empty(), "Alignment must contain at least one dimension for Row Major layout.");
  if (memory_config.shard_spec().has_value() && memory_config.memory_layout() != TensorMemoryLayout::HEIGHT_SHARDED) {
    const uint32_t shard_width = memory_config.shard_spec()->shape[1];
    TT_FATAL(shard_width % alignment[-1] == 0,
             "Alignment mismatch for sharded tensor: Expected physical shard shape {} to be aligned to {} along the "
             "width for Row Major layout.",
             shard_width, alignment[-1]);
  }
}
Shape2D RowMajorPageConfig::get_page_shape(const Shape2D& physical_size, DataType dtype,
                                           const MemoryConfig& memory_config,
                                           const std::optional<Shape2D>& physical_shard_size) const {
  // An empty tensor still gets one 4-byte page.
  if (physical_size.height() == 0 || physical_size.width() == 0) return Shape2D(1, 4 / row_major_element_bytes(dtype));
  if (memory_config.shard_spec().has_value() && memory_config.memory_layout() != TensorMemoryLayout::HEIGHT_SHARDED) {
    TT_FATAL(physical_shard_size.has_value(),
             "For width or block sharded tensors, Row Major page width comes from physical shard size so it must be "
             "provided!");
    return Shape2D(1, physical_shard_size->width());
  }
  if (memory_config.is_sharded() && memory_config.nd_shard_spec().has_value())
    return Shape2D(1, memory_config.nd_shard_spec()->shard_shape[-1]);
  return Shape2D(1, physical_size.width());
}
size_t RowMajorPageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
  return page_shape.height() * page_shape.width() * row_major_element_bytes(dtype);
}
Alignment RowMajorPageConfig::get_required_shard_shape_alignment() const { return Alignment({1}); }
Alignment RowMajorPageConfig::get_recommended_shard_shape_alignment(DataType dtype) const {
  const size_t bytes = row_major_element_bytes(dtype);
  return Alignment({static_cast<uint32_t>(std::lcm(kRecommendedAlignmentBytes, bytes) / bytes)});
}

// ---- TensorLayout ----

bool can_shard_align(const MemoryConfig& memory_config, const Layout& layout, const Tile& tile) {
  return !shard_align_error(memory_config, layout, tile).has_value();
}

TensorLayout::TensorLayout(DataType dtype, const PageConfig& page_config, const MemoryConfig& memory_config,
                           const Alignment& alignment)
    : dtype_(dtype), page_config_(page_config), memory_config_(memory_config), alignment_(alignment) {
  initialize_alignment();
  TT_FATAL(alignment_.size() <= 2 || !memory_config_.shard_spec().has_value(),
           "Tensor must be interleaved if alignment has rank greater than 2!");
  page_config_.validate_alignment(alignment_, dtype_, memory_config_);
  const auto error = shard_align_error(memory_config_, get_layout(), get_tile());
  TT_FATAL(!error.has_value(), "{}", error.value_or(""));
}

TensorLayout TensorLayout::fromPaddedShape(DataType dtype, const PageConfig& page_config,
                                           const MemoryConfig& memory_config, const Shape& logical_shape,
                                           const Shape& padded_shape) {
  return TensorLayout(dtype, page_config, memory_config,
                      alignment_from_padded_shape(logical_shape, padded_shape, page_config, memory_config));
}

TensorLayout TensorLayout::restore_from_serialized(DataType dtype, const PageConfig& page_config,
                                                   const MemoryConfig& memory_config, const Alignment& alignment) {
  return TensorLayout(dtype, page_config, memory_config, alignment);
}

// A custom alignment is widened to the page kind's default (each trailing
// dimension rounded up to a multiple of it).
void TensorLayout::initialize_alignment() {
  const Alignment fallback = page_config_.create_default_alignment(dtype_, memory_config_);
  if (alignment_.empty()) {
    alignment_ = fallback;
    return;
  }
  ttsl::SmallVector<uint32_t> merged(std::max(alignment_.size(), fallback.size()), 1);
  for (size_t i = 0; i < alignment_.size(); ++i) merged[i + merged.size() - alignment_.size()] = alignment_[i];
  for (size_t i = 0; i < fallback.size(); ++i) {
    uint32_t& v = merged[i + merged.size() - fallback.size()];
    v = static_cast<uint32_t>(round_up(v, fallback[i]));
  }
  alignment_ = Alignment(std::move(merged));
}

BufferShardingArgs TensorLayout::compute_buffer_sharding_args(const Shape& shape) const {
  if (!memory_config_.is_sharded()) return {};
  TT_FATAL(memory_config_.shard_spec().has_value(),
           "the MemoryConfig has no legacy shard spec: N-dimensional sharding (NdShardSpec) is not provided by the "
           "emulator's TT-Metalium");
  const Shape2D physical = compute_physical_shape(shape);
  const Shape2D page = compute_page_shape(physical);
  TT_FATAL(physical.width() % page.width() == 0, "Physical width {} must be multiple of page width {}", physical.width(),
           page.width());
  TT_FATAL(physical.height() % page.height() == 0, "Physical height {} must be multiple of page height {}",
           physical.height(), page.height());
  const std::array<uint32_t, 2> page_shape{static_cast<uint32_t>(page.height()), static_cast<uint32_t>(page.width())};
  const std::array<uint32_t, 2> in_pages{static_cast<uint32_t>(physical.height() / page.height()),
                                         static_cast<uint32_t>(physical.width() / page.width())};
  return BufferShardingArgs(ShardSpecBuffer(*memory_config_.shard_spec(), page_shape, in_pages),
                            memory_config_.memory_layout());
}

size_t TensorLayout::compute_packed_buffer_size_bytes(const Shape& shape) const {
  const Shape2D physical = compute_physical_shape(shape);
  const Shape2D page = compute_page_shape(physical);
  const size_t area = physical.height() * physical.width();
  TT_FATAL((physical.width() % page.width() == 0 && physical.height() % page.height() == 0) || area == 0,
           "Physical size ({}, {}) must be multiple of page size ({}, {})", physical.height(), physical.width(),
           page.height(), page.width());
  return area / (page.height() * page.width()) * compute_page_size_bytes(page);
}

size_t TensorLayout::compute_page_size_bytes(const Shape& shape) const {
  return compute_page_size_bytes(compute_page_shape(compute_physical_shape(shape)));
}

size_t TensorLayout::compute_page_size_bytes(const Shape2D& page_size) const {
  return page_config_.get_page_size_bytes(page_size, dtype_);
}

size_t TensorLayout::compute_consumed_memory_bytes_per_bank(const Shape& shape, size_t page_alignment,
                                                           size_t num_banks) const {
  const Shape2D physical = compute_physical_shape(shape);
  const Shape2D page = compute_page_shape(physical);
  size_t pages_per_bank = 0;
  if (!memory_config_.is_sharded()) {
    pages_per_bank = div_up(physical.height() * physical.width() / page.height() / page.width(), num_banks);
  } else {
    TT_FATAL(memory_config_.shard_spec().has_value(),
             "N-dimensional sharding (NdShardSpec) is not provided by the emulator's TT-Metalium");
    const auto& shard = memory_config_.shard_spec()->shape;
    pages_per_bank = div_up(shard[0], page.height()) * div_up(shard[1], page.width());
  }
  return pages_per_bank * round_up(compute_page_size_bytes(page), page_alignment);
}

size_t TensorLayout::compute_consumed_memory_bytes_per_bank(const Shape& shape, const IDevice& device) const {
  const size_t alignment = device.allocator()->get_alignment(memory_config_.buffer_type());
  const CoreCoord grid = device.compute_with_storage_grid_size();
  const size_t banks = memory_config_.is_l1() ? grid.x * grid.y : static_cast<size_t>(device.num_dram_channels());
  return compute_consumed_memory_bytes_per_bank(shape, alignment, banks);
}

Shape2D TensorLayout::get_logical_shard_shape() const {
  TT_FATAL(memory_config_.shard_spec().has_value(), "Shard spec must have value for TensorLayout::get_logical_shard_shape!");
  return Shape2D(memory_config_.shard_spec()->shape);
}

Shape2D TensorLayout::get_physical_shard_shape() const {
  TT_FATAL(memory_config_.shard_spec().has_value(),
           "Shard spec must have value for TensorLayout::get_physical_shard_shape!");
  return Shape2D(memory_config_.shard_spec()->shape);
}

Shape2D TensorLayout::compute_logical_2d_shape(const Shape& shape) const {
  if (shape.rank() < 2) return Shape2D{1, shape[-1]};
  size_t height = shape[-2];
  for (int i = -3; i >= -static_cast<int>(shape.rank()); --i) height *= shape[i];
  return Shape2D{height, shape[-1]};
}

// The last dimension is the width, the product of the others the height;
// each dimension the alignment covers is rounded up as it is folded in.
Shape2D TensorLayout::compute_physical_shape(const Shape& shape) const {
  const int rank = static_cast<int>(shape.rank());
  const int aligned = static_cast<int>(alignment_.size());
  size_t width = 1, height = 1;
  for (int i = -1; i >= -std::max(rank, aligned); --i) {
    size_t& dim = i == -1 ? width : height;
    if (i >= -rank) dim *= shape[i];
    if (i >= -aligned) dim = round_up(dim, alignment_[i]);
  }
  return Shape2D{height, width};
}

Shape2D TensorLayout::compute_page_shape(const Shape2D& physical_size) const {
  std::optional<Shape2D> shard;
  if (memory_config_.shard_spec().has_value()) shard = get_physical_shard_shape();
  return page_config_.get_page_shape(physical_size, dtype_, memory_config_, shard);
}

Strides TensorLayout::compute_strides(const Shape& logical_shape) const {
  const int rank = static_cast<int>(logical_shape.rank());
  const int aligned = static_cast<int>(alignment_.size());
  Strides strides(rank, 1);
  for (int i = rank - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * logical_shape[i + 1];
    const int a = i - (rank - aligned) + 1;
    if (a >= 0) strides[i] = round_up(strides[i], alignment_[a]);
  }
  return strides;
}

Shape TensorLayout::compute_padded_shape(const Shape& shape) const {
  const int rank = static_cast<int>(shape.rank());
  ttsl::SmallVector<uint32_t> padded(std::max(shape.rank(), alignment_.size()));
  int r = rank - 1;
  int a = static_cast<int>(alignment_.size()) - 1;
  int p = static_cast<int>(padded.size()) - 1;
  size_t inner_volume = 1;  // padded volume of the dimensions inside the height
  for (; a >= 0; --r, --a, --p) {
    const uint32_t value = r >= 0 ? shape[r] : 1;
    const uint32_t align = alignment_[a];
    if (r >= rank - 2) {
      padded[p] = static_cast<uint32_t>(round_up(value, align));
    } else if (inner_volume % align == 0) {
      padded[p] = value;
    } else if (align % inner_volume == 0) {
      padded[p] = static_cast<uint32_t>(round_up(value, align / inner_volume));
    } else {
      TT_THROW("Padded shape can't be deducted from TensorLayout parameters {} and Shape {}", alignment_, shape);
    }
    if (r != rank - 1) inner_volume *= padded[p];
  }
  for (; r >= 0; --r, --p) padded[p] = shape[r];
  return Shape(std::move(padded));
}

}  // namespace tt::tt_metal
