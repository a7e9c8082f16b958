// A tensor's element type, page kind, memory and padding (tt-metal's
// TensorLayout): from these and a logical shape follow the physical 2-D
// shape, the pages and the buffer's size.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <tt-metalium/experimental/tensor/spec/layout/alignment.hpp>
#include <tt-metalium/experimental/tensor/spec/layout/page_config.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal {

// Whether a sharded memory config's shards are whole tiles (always for row-major).
bool can_shard_align(const MemoryConfig& memory_config, const Layout& layout, const Tile& tile = Tile{});

class IDevice;

using Strides = std::vector<size_t>;

class TensorLayout {
 public:
  TensorLayout(DataType dtype, const PageConfig& page_config, const MemoryConfig& memory_config,
               const Alignment& alignment = {});

  // The alignment that pads `logical_shape` to `padded_shape` (tt-metal's legacy constructor).
  [[deprecated("Use of Padded Shape is deprecated")]] static TensorLayout fromPaddedShape(
      DataType dtype, const PageConfig& page_config, const MemoryConfig& memory_config, const Shape& logical_shape,
      const Shape& padded_shape);

  Layout get_layout() const { return page_config_.get_layout(); }
  Tile get_tile() const { return page_config_.get_tile(); }
  PageConfig get_page_config() const { return page_config_; }
  DataType get_data_type() const { return dtype_; }
  const MemoryConfig& get_memory_config() const { return memory_config_; }
  const Alignment& get_alignment() const { return alignment_; }

  Strides compute_strides(const Shape& shape) const;
  BufferShardingArgs compute_buffer_sharding_args(const Shape& shape) const;
  size_t compute_packed_buffer_size_bytes(const Shape& shape) const;
  size_t compute_page_size_bytes(const Shape& shape) const;
  size_t compute_consumed_memory_bytes_per_bank(const Shape& shape, const IDevice& device) const;
  size_t compute_consumed_memory_bytes_per_bank(const Shape& shape, size_t page_alignment, size_t num_banks) const;

  Shape compute_padded_shape(const Shape& shape) const;
  Shape2D compute_logical_2d_shape(const Shape& shape) const;
  Shape2D compute_physical_shape(const Shape& shape) const;
  Shape2D get_logical_shard_shape() const;
  Shape2D get_physical_shard_shape() const;
  Shape2D compute_page_shape(const Shape2D& physical_size) const;
  size_t compute_page_size_bytes(const Shape2D& page_size) const;

  TensorLayout with_memory_config(MemoryConfig memory_config) const {
    TensorLayout result = *this;
    result.memory_config_ = std::move(memory_config);
    return result;
  }

  bool operator==(const TensorLayout&) const = default;
  bool operator!=(const TensorLayout&) const = default;

  static constexpr auto attribute_names = std::forward_as_tuple("dtype", "page_config", "memory_config", "alignment");
  auto attribute_values() const { return std::forward_as_tuple(dtype_, page_config_, memory_config_, alignment_); }

  static TensorLayout restore_from_serialized(DataType dtype, const PageConfig& page_config,
                                              const MemoryConfig& memory_config, const Alignment& alignment);

 private:
  void initialize_alignment();

  DataType dtype_ = DataType::BFLOAT16;
  PageConfig page_config_;
  MemoryConfig memory_config_;
  Alignment alignment_;
};

}  // namespace tt::tt_metal
