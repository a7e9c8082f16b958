// Buffers on a mesh (tt-metal's mesh_buffer.hpp). On the 1 x 1 emulator mesh a
// replicated buffer is one device buffer; members keep tt-metal's order.
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

// A buffer split over the devices of a mesh; on a 1 x 1 mesh, one shard of
// global_size bytes.
struct ShardedBufferConfig {
  DeviceAddr global_size = 0;
  Shape2D global_buffer_shape = {0, 0};
  Shape2D shard_shape = {0, 0};
  ShardOrientation shard_orientation = ShardOrientation::ROW_MAJOR;
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
  DeviceAddr size() const;
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

 private:
  MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config,
             DeviceAddr device_local_size, MeshDevice* mesh_device, std::shared_ptr<Buffer> backing_buffer);

  MeshBufferConfig config_;
  DeviceLocalBufferConfig device_local_config_;
  std::weak_ptr<MeshDevice> mesh_device_;
  DeviceAddr address_ = 0;
  DeviceAddr device_local_size_ = 0;
  std::shared_ptr<Buffer> backing_buffer_;
};

}  // namespace tt::tt_metal::distributed
