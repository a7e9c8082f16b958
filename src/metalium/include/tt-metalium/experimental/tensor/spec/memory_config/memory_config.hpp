// Where a tensor lives: interleaved or sharded, in DRAM or L1 (tt-metal's
// MemoryConfig). The default is interleaved DRAM.
#pragma once

#include <optional>
#include <ostream>
#include <tuple>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class MemoryConfig final {
 public:
  MemoryConfig() = default;
  explicit MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type = BufferType::DRAM,
                        std::optional<ShardSpec> shard_spec = std::nullopt);
  explicit MemoryConfig(BufferType buffer_type, std::optional<NdShardSpec> nd_shard_spec = std::nullopt);

  TensorMemoryLayout memory_layout() const { return memory_layout_; }
  BufferType buffer_type() const { return buffer_type_; }
  const std::optional<ShardSpec>& shard_spec() const { return shard_spec_; }
  const std::optional<NdShardSpec>& nd_shard_spec() const { return nd_shard_spec_; }
  bool created_with_nd_shard_spec() const { return created_with_nd_shard_spec_; }

  MemoryConfig with_shard_spec(std::optional<ShardSpec> shard_spec) const {
    return MemoryConfig(memory_layout_, buffer_type_, std::move(shard_spec));
  }

  bool is_sharded() const;
  bool is_l1() const;
  bool is_dram() const;

  static constexpr auto attribute_names =
      std::forward_as_tuple("memory_layout", "buffer_type", "shard_spec", "nd_shard_spec", "created_with_nd_shard_spec");
  auto attribute_values() const {
    return std::forward_as_tuple(memory_layout_, buffer_type_, shard_spec_, nd_shard_spec_, created_with_nd_shard_spec_);
  }

  // Both shard specs as given, unchecked (tt-metal uses it to restore a config).
  static MemoryConfig create_with_prepopulated_shard_specs(TensorMemoryLayout memory_layout, BufferType buffer_type,
                                                           std::optional<ShardSpec> shard_spec,
                                                           std::optional<NdShardSpec> nd_shard_spec,
                                                           bool created_with_nd_shard_spec);

  friend std::ostream& operator<<(std::ostream& os, const MemoryConfig& config);

 private:
  MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type, std::optional<ShardSpec> shard_spec,
               std::optional<NdShardSpec> nd_shard_spec, bool created_with_nd_shard_spec);

  TensorMemoryLayout memory_layout_ = TensorMemoryLayout::INTERLEAVED;
  BufferType buffer_type_ = BufferType::DRAM;
  std::optional<ShardSpec> shard_spec_ = std::nullopt;
  std::optional<NdShardSpec> nd_shard_spec_ = std::nullopt;
  bool created_with_nd_shard_spec_ = false;
};

std::ostream& operator<<(std::ostream& os, const MemoryConfig& config);
bool operator==(const MemoryConfig& config_a, const MemoryConfig& config_b);
bool operator!=(const MemoryConfig& config_a, const MemoryConfig& config_b);

}  // namespace tt::tt_metal
