// Device buffers (tt-metal's buffer.hpp): interleaved DRAM or L1 buffers whose
// pages go round-robin over the banks, and L1 buffers sharded over cores.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/buffer_distribution_spec.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal {

class IDevice;
class Allocator;
class Buffer;

class BufferShardingArgs;

namespace detail {
struct BufferBacking;
}  // namespace detail

// Sharded L1 buffers whose cores each have their own address
// (experimental/per_core_allocation/buffer.hpp).
namespace experimental::per_core_allocation {
bool is_per_core_allocation(const Buffer& buffer);
DeviceAddr get_per_core_address(const Buffer& buffer, CoreCoord core);
const std::unordered_map<CoreCoord, DeviceAddr>& get_per_core_addresses(const Buffer& buffer);
void copy_per_core_addresses(Buffer& dst, const Buffer& src);
BufferShardingArgs& set_per_core_allocation(BufferShardingArgs& args, bool enable);
bool is_per_core_allocation(const BufferShardingArgs& args);
}  // namespace experimental::per_core_allocation

// A shard's shape in elements (rows, columns) and the cores shards go to.
struct ShardSpec {
  CoreRangeSet grid;
  std::array<uint32_t, 2> shape;
  ShardOrientation orientation = ShardOrientation::ROW_MAJOR;

  ShardSpec(const CoreRangeSet& core_sets_, const std::array<uint32_t, 2>& shard_shape_,
            const ShardOrientation& shard_orientation_ = ShardOrientation::ROW_MAJOR)
      : grid(core_sets_), shape(shard_shape_), orientation(shard_orientation_) {}

  uint32_t num_cores() const { return grid.num_cores(); }
  uint32_t numel() const { return shape[0] * shape[1]; }
  bool operator==(const ShardSpec& other) const;
  bool operator!=(const ShardSpec& other) const;
};

std::ostream& operator<<(std::ostream& os, const ShardSpec& spec);

// A ShardSpec with the page shape (elements) and the tensor's shape in pages.
struct ShardSpecBuffer {
  ShardSpec tensor_shard_spec;
  std::array<uint32_t, 2> page_shape{};
  std::array<uint32_t, 2> tensor2d_shape_in_pages{};

  ShardSpecBuffer(const CoreRangeSet& core_sets_, const std::array<uint32_t, 2>& shard_shape_,
                  const ShardOrientation& shard_orientation_, const std::array<uint32_t, 2>& page_shape,
                  const std::array<uint32_t, 2>& tensor2d_shape_in_pages)
      : tensor_shard_spec(core_sets_, shard_shape_, shard_orientation_),
        page_shape(page_shape),
        tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}
  ShardSpecBuffer(const ShardSpec& shard_spec, const std::array<uint32_t, 2>& page_shape,
                  const std::array<uint32_t, 2>& tensor2d_shape_in_pages)
      : tensor_shard_spec(shard_spec), page_shape(page_shape), tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}

  CoreRangeSet grid() const { return tensor_shard_spec.grid; }
  std::array<uint32_t, 2> shape() const { return tensor_shard_spec.shape; }
  ShardOrientation orientation() const { return tensor_shard_spec.orientation; }
  void set_shard_spec(const ShardSpec& shard_spec) { tensor_shard_spec = shard_spec; }
  // A shard's shape in pages.
  std::array<uint32_t, 2> shape_in_pages() const;
  DeviceAddr num_pages() const;
};

struct BufferConfig {
  IDevice* device;
  DeviceAddr size;       // bytes
  DeviceAddr page_size;  // the unit pages go round-robin in
  BufferType buffer_type;
};

using InterleavedBufferConfig = BufferConfig;

struct ShardedBufferConfig {
  IDevice* device{};
  DeviceAddr size{};
  DeviceAddr page_size{};
  BufferType buffer_type = BufferType::L1;
  TensorMemoryLayout buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED;
  ShardSpecBuffer shard_parameters;
};

class BufferShardingArgs {
 public:
  BufferShardingArgs() = default;
  BufferShardingArgs(std::nullopt_t) {}
  BufferShardingArgs(ShardSpecBuffer shard_spec, TensorMemoryLayout buffer_layout)
      : shard_spec_(std::move(shard_spec)), buffer_layout_(buffer_layout) {}
  BufferShardingArgs(std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout buffer_layout)
      : shard_spec_(std::move(shard_spec)), buffer_layout_(buffer_layout) {}
  // N-d sharded: the layout reads BLOCK_SHARDED, as tt-metal's.
  BufferShardingArgs(BufferDistributionSpec buffer_distribution_spec)
      : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
        buffer_layout_(TensorMemoryLayout::BLOCK_SHARDED) {}
  BufferShardingArgs(std::optional<BufferDistributionSpec> buffer_distribution_spec)
      : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
        buffer_layout_(buffer_distribution_spec_ ? TensorMemoryLayout::BLOCK_SHARDED : TensorMemoryLayout::INTERLEAVED) {}
  BufferShardingArgs(std::optional<BufferDistributionSpec> buffer_distribution_spec,
                     std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout buffer_layout)
      : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
        shard_spec_(std::move(shard_spec)),
        buffer_layout_(buffer_layout) {}

  const std::optional<BufferDistributionSpec>& buffer_distribution_spec() const { return buffer_distribution_spec_; }
  const std::optional<ShardSpecBuffer>& shard_spec() const { return shard_spec_; }
  TensorMemoryLayout buffer_layout() const { return buffer_layout_; }

 private:
  friend BufferShardingArgs& experimental::per_core_allocation::set_per_core_allocation(BufferShardingArgs&, bool);
  friend bool experimental::per_core_allocation::is_per_core_allocation(const BufferShardingArgs&);

  std::optional<BufferDistributionSpec> buffer_distribution_spec_;
  std::optional<ShardSpecBuffer> shard_spec_;
  TensorMemoryLayout buffer_layout_ = TensorMemoryLayout::INTERLEAVED;
  bool per_core_allocation_ = false;
};

bool is_sharded(const TensorMemoryLayout& layout);

struct BufferRegion {
  DeviceAddr offset = 0;
  DeviceAddr size = 0;
  BufferRegion() = delete;
  BufferRegion(DeviceAddr offset, DeviceAddr size) : offset(offset), size(size) {}
};

// Allocated on creation, freed when the last reference goes (or by
// DeallocateBuffer).
class Buffer final : public std::enable_shared_from_this<Buffer> {
  struct Private {
    explicit Private() = default;
  };

 public:
  static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr size, DeviceAddr page_size,
                                        BufferType buffer_type, const BufferShardingArgs& sharding_args = std::nullopt,
                                        std::optional<bool> bottom_up = std::nullopt,
                                        std::optional<SubDeviceId> sub_device_id = std::nullopt);
  // At bank-local `address`, which must be free on the device: the emulator
  // keeps it from other buffers (tt-metal leaves that to the caller).
  static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                        BufferType buffer_type, const BufferShardingArgs& sharding_args = std::nullopt,
                                        std::optional<bool> bottom_up = std::nullopt,
                                        std::optional<SubDeviceId> sub_device_id = std::nullopt);

  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&&) = delete;
  Buffer& operator=(Buffer&&) = delete;
  ~Buffer();

  IDevice* device() const { return device_; }
  // The allocator of the device the buffer lives on.
  Allocator* allocator() const;
  DeviceAddr size() const { return size_; }
  bool is_allocated() const;
  // The bank-local address, the same in every bank.
  uint32_t address() const;
  DeviceAddr page_size() const { return page_size_; }
  uint32_t num_pages() const;
  uint32_t num_dev_pages() const;
  BufferType buffer_type() const { return buffer_type_; }
  HalMemType memory_type() const;
  CoreType core_type() const;
  bool is_l1() const;
  bool is_dram() const;
  bool is_trace() const { return buffer_type_ == BufferType::TRACE; }
  // The region lies inside the buffer; a partial one is valid and not the whole buffer.
  bool is_valid_region(const BufferRegion& region) const { return region.offset + region.size <= size(); }
  bool is_valid_partial_region(const BufferRegion& region) const {
    return is_valid_region(region) && (region.offset > 0 || region.size != size());
  }
  TensorMemoryLayout buffer_layout() const { return buffer_layout_; }
  bool bottom_up() const { return buffer_type_ == BufferType::DRAM; }
  uint32_t alignment() const;
  // page_size rounded up to the memory's alignment: a page's footprint in its bank.
  DeviceAddr aligned_page_size() const;
  DeviceAddr aligned_size() const;
  DeviceAddr aligned_size_per_bank() const;
  bool has_shard_spec() const { return shard_spec_.has_value(); }
  ShardSpecBuffer shard_spec() const;
  // Cores with data: the shard grid's (legacy), or those that get a shard (N-d).
  std::optional<uint32_t> num_cores() const;
  const std::optional<BufferDistributionSpec>& buffer_distribution_spec() const { return buffer_distribution_spec_; }
  // Which host page each core's device pages hold (sharded buffers only).
  const std::shared_ptr<const BufferPageMapping>& get_buffer_page_mapping();
  std::optional<SubDeviceId> sub_device_id() const { return std::nullopt; }
  size_t unique_id() const { return unique_id_; }
  void mark_as_deallocated();

  Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
         const BufferShardingArgs& sharding_args, Private, std::optional<DeviceAddr> address = std::nullopt);

  // The emulator's placement of this buffer (for the library's own use).
  const detail::BufferBacking& backing() const;

 private:
  friend void DeallocateBuffer(Buffer& buffer);
  friend bool experimental::per_core_allocation::is_per_core_allocation(const Buffer&);
  friend DeviceAddr experimental::per_core_allocation::get_per_core_address(const Buffer&, CoreCoord);
  friend const std::unordered_map<CoreCoord, DeviceAddr>& experimental::per_core_allocation::get_per_core_addresses(
      const Buffer&);
  friend void experimental::per_core_allocation::copy_per_core_addresses(Buffer&, const Buffer&);
  void deallocate();
  // Places one shard per core, each at an address of its own.
  void allocate_per_core(const BufferShardingArgs& sharding_args);

  IDevice* const device_;
  const DeviceAddr size_;
  const BufferType buffer_type_;
  const TensorMemoryLayout buffer_layout_;
  DeviceAddr page_size_;
  std::optional<ShardSpecBuffer> shard_spec_;
  std::optional<BufferDistributionSpec> buffer_distribution_spec_;
  std::shared_ptr<detail::BufferBacking> backing_;
  size_t unique_id_ = 0;
  std::shared_ptr<const BufferPageMapping> buffer_page_mapping_;
  bool per_core_allocation_ = false;
  std::unordered_map<CoreCoord, DeviceAddr> per_core_addresses_;
};

void DeallocateBuffer(Buffer& buffer);

// The page mapping of a sharded buffer, page by page.
UncompressedBufferPageMapping generate_buffer_page_mapping(const Buffer& buffer);

// What EnqueueWriteBuffer takes besides a vector: host data kept alive by a
// shared_ptr, or a plain pointer to buffer.size() bytes.
using HostDataType = std::variant<const std::shared_ptr<std::vector<uint8_t>>, const std::shared_ptr<std::vector<uint16_t>>,
                                  const std::shared_ptr<std::vector<int32_t>>, const std::shared_ptr<std::vector<uint32_t>>,
                                  const std::shared_ptr<std::vector<float>>, const std::shared_ptr<std::vector<bfloat16>>,
                                  const void*>;

}  // namespace tt::tt_metal
