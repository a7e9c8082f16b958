// The compile-time args a kernel's TensorAccessorArgs<offset> reads for a
// buffer (tt-metal's tensor_accessor_args.hpp). For an interleaved buffer:
// [ArgConfig bits (IsDram for DRAM), aligned page size], two words; for a
// sharded L1 buffer then rank 2, the shard grid's core count, the tensor and
// a shard in pages (rows, columns) and the cores' NOC coordinates two per
// word, in shard order: what kernel-api/api/tensor/tensor_accessor_args.h reads.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tensor_accessor {

// Bits of the first word (kernel-api's tensor_accessor::ArgConfig).
enum class ArgConfig : uint8_t {
  None = 0,
  Sharded = 1 << 0,
  IsDram = 1 << 1,
  RuntimeRank = 1 << 2,
  RuntimeNumBanks = 1 << 3,
  RuntimeTensorShape = 1 << 4,
  RuntimeShardShape = 1 << 5,
  RuntimeBankCoords = 1 << 6,
  RuntimePageSize = 1 << 7,
};

class ArgsConfig {
 public:
  constexpr ArgsConfig() = default;
  constexpr ArgsConfig(ArgConfig bit) : raw_(static_cast<uint8_t>(bit)) {}
  constexpr uint8_t raw() const { return raw_; }
  constexpr bool test(ArgConfig bit) const { return (raw_ & static_cast<uint8_t>(bit)) != 0; }
  constexpr ArgsConfig operator|(ArgsConfig other) const { return from_raw(raw_ | other.raw_); }
  constexpr bool operator==(const ArgsConfig&) const = default;

 private:
  static constexpr ArgsConfig from_raw(int raw) {
    ArgsConfig c;
    c.raw_ = static_cast<uint8_t>(raw);
    return c;
  }
  uint8_t raw_ = 0;
};

constexpr ArgsConfig operator|(ArgConfig a, ArgConfig b) { return ArgsConfig(a) | ArgsConfig(b); }

}  // namespace tensor_accessor

namespace tt::tt_metal {

class TensorAccessorArgs {
 public:
  TensorAccessorArgs() = default;
  explicit TensorAccessorArgs(const Buffer& buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
  explicit TensorAccessorArgs(const Buffer* buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
  explicit TensorAccessorArgs(const std::shared_ptr<Buffer>& buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
  explicit TensorAccessorArgs(const distributed::MeshBuffer& buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
  explicit TensorAccessorArgs(const distributed::MeshBuffer* buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
  explicit TensorAccessorArgs(const std::shared_ptr<distributed::MeshBuffer>& buffer,
                              tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);

  // Interleaved args with no buffer behind them: the kernel gives the page
  // size to its TensorAccessor.
  static TensorAccessorArgs create_dram_interleaved();
  static TensorAccessorArgs create_l1_interleaved();

  void append_to(std::vector<uint32_t>& compile_time_args) const;
  void append_to(std::vector<uint32_t>& compile_time_args, std::vector<uint32_t>& common_runtime_args) const;
  std::vector<uint32_t> get_compile_time_args() const;
  std::vector<uint32_t> get_common_runtime_args() const;

  static constexpr size_t MAX_NUM_DIMENSIONS = 8;

 private:
  const Buffer* buffer_ = nullptr;
  tensor_accessor::ArgsConfig args_config_ = tensor_accessor::ArgConfig::None;
  std::optional<BufferType> interleaved_without_buffer_;
};

}  // namespace tt::tt_metal
