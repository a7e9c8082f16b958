// Buffers on a mesh (tt-metal's mesh_buffer.hpp): one device buffer per chip
// of the mesh, all at one address; members keep tt-metal's order.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

struct DeviceLocalBufferConfig {
  DeviceAddr page_size = 0;
  BufferType buffer_type = BufferType::DRAM;
  BufferShardingArgs sharding_args;
  std::optional<bool> bottom_up;
  std::optional<SubDeviceId> sub_device_id = std::nullopt;
};

struct ReplicatedBufferConfig {
  DeviceAddr size = 0;
};

// A buffer of global_buffer_shape datums split into shards of shard_shape,
// one per device in shard_orientation's order; a shard dimension of 0 spans
// the buffer and replicates it along that mesh dimension.
struct ShardedBufferConfig {
  DeviceAddr global_size = 0;
  Shape2D global_buffer_shape = {0, 0};
  Shape2D shard_shape = {0, 0};
  ShardOrientation shard_orientation = ShardOrientation::ROW_MAJOR;

  uint32_t compute_datum_size_bytes() const;
  std::pair<bool, bool> replicated_dims() const;  // (height, width)
  Shape2D physical_shard_shape() const;
};

enum class MeshBufferLayout : uint8_t { REPLICATED, SHARDED };
using MeshBufferConfig = std::variant<ReplicatedBufferConfig, ShardedBufferConfig>;

class MeshBuffer {
 public:
  static std::shared_ptr<MeshBuffer> create(const MeshBufferConfig& mesh_buffer_config,
                                            const DeviceLocalBufferConfig& device_local_config,
                                            MeshDevice* mesh_device,
                                            std::optional<DeviceAddr> address = std::nullopt);
  ~MeshBuffer();
  MeshBuffer(const MeshBuffer&) = delete;
  MeshBuffer& operator=(const MeshBuffer&) = delete;

  bool is_allocated() const;
  void deallocate();
  MeshDevice* device() const;
  DeviceAddr size() const;  // a sharded buffer's global size, a replicated one's per device
  DeviceAddr device_local_size() const { return device_local_size_; }
  DeviceAddr address() const { return address_; }
  MeshBufferLayout global_layout() const;
  const MeshBufferConfig& global_config() const { return config_; }
  const ShardedBufferConfig& global_shard_spec() const;
  const DeviceLocalBufferConfig& device_local_config() const { return device_local_config_; }
  Buffer* get_device_buffer(const MeshCoordinate& device_coord) const;
  Buffer* get_reference_buffer() const;
  Buffer* get_backing_buffer() const;
  uint32_t page_size() const { return device_local_config_.page_size; }
  uint32_t num_pages() const { return page_size() == 0 ? 0 : device_local_size_ / page_size(); }
  // A sharded buffer's shard in datums, bytes per datum, replicated dimensions.
  Shape2D physical_shard_shape() const { return global_shard_spec().physical_shard_shape(); }
  uint32_t datum_size_bytes() const { return global_shard_spec().compute_datum_size_bytes(); }
  std::pair<bool, bool> replicated_dims() const { return global_shard_spec().replicated_dims(); }

 private:
  MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config,
             DeviceAddr device_local_size, MeshDevice* mesh_device, std::vector<std::shared_ptr<Buffer>> buffers);

  MeshBufferConfig config_;
  DeviceLocalBufferConfig device_local_config_;
  std::weak_ptr<MeshDevice> mesh_device_;
  DeviceAddr address_ = 0;
  DeviceAddr device_local_size_ = 0;
  std::shared_ptr<Buffer> backing_buffer_;                // the first device's
  std::vector<std::shared_ptr<Buffer>> device_buffers_;   // one per device, row-major, at one address
};

}  // namespace tt::tt_metal::distributed
