// A mesh's command queue (tt-metal's mesh_command_queue.hpp). Its commands run
// in the order they were enqueued, on a thread of the queue's own, while the
// host goes on: a non-blocking enqueue returns once queued (a workload keeps
// its runtime args as they were then; a write, its host data, copied); a
// blocking one returns when its command has run. A non-blocking read fills the
// host memory when it runs: finish() or an event says when. A command that
// fails is thrown by the queue's next blocking call or finish(). Runs of one
// chip from two queues take turns. While a trace is being captured on the
// queue, workloads are recorded instead of run.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;
class MeshWorkload;

// One shard's host memory in a shard transfer.
class ShardDataTransfer {
 public:
  explicit ShardDataTransfer(const MeshCoordinate& shard_coord) : shard_coord_(shard_coord) {}

  MeshCoordinate shard_coord() const { return shard_coord_; }
  void* host_data() const { return host_data_; }
  std::optional<BufferRegion> region() const { return region_; }

  ShardDataTransfer& shard_coord(const MeshCoordinate& shard_coord) {
    shard_coord_ = shard_coord;
    return *this;
  }
  ShardDataTransfer& host_data(void* host_data) {
    host_data_ = host_data;
    return *this;
  }
  ShardDataTransfer& region(std::optional<BufferRegion> region) {
    region_ = region;
    return *this;
  }

 private:
  MeshCoordinate shard_coord_;
  void* host_data_ = nullptr;
  std::optional<BufferRegion> region_;
};

class MeshCommandQueue {
 public:
  MeshCommandQueue(MeshDevice* mesh_device, uint32_t id) : mesh_device_(mesh_device), id_(id) {}
  MeshCommandQueue(const MeshCommandQueue&) = delete;
  MeshCommandQueue& operator=(const MeshCommandQueue&) = delete;
  virtual ~MeshCommandQueue() = default;

  MeshDevice* device() const { return mesh_device_; }
  uint32_t id() const { return id_; }

  virtual void enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking);
  // The same host data to `buffer` on each device of `device_range` (a
  // replicated buffer; a sharded one is written whole, as by
  // enqueue_write_mesh_buffer). The buffer must outlive a queued write.
  virtual void enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                               const MeshCoordinateRange& device_range, bool blocking,
                                               std::optional<BufferRegion> region = std::nullopt);
  virtual void enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data,
                                         bool blocking);
  // Each populated shard of `host_buffer` to the device at its coordinate.
  virtual void enqueue_write(const std::shared_ptr<MeshBuffer>& mesh_buffer, const DistributedHostBuffer& host_buffer,
                             bool blocking);
  virtual void enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                    const std::vector<ShardDataTransfer>& shard_data_transfers, bool blocking);
  virtual void enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer, bool blocking);
  virtual void enqueue_read_shards(const std::vector<ShardDataTransfer>& shard_data_transfers,
                                   const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking);
  // Fills each populated shard of `host_buffer` (of `shards`, if given) from
  // the device at its coordinate, as many bytes as the shard holds.
  virtual void enqueue_read(const std::shared_ptr<MeshBuffer>& mesh_buffer, DistributedHostBuffer& host_buffer,
                            const std::optional<std::unordered_set<MeshCoordinate>>& shards, bool blocking);
  virtual void finish(ttsl::Span<const SubDeviceId> sub_device_ids = {});

  virtual MeshEvent enqueue_record_event(ttsl::Span<const SubDeviceId> sub_device_ids = {},
                                         const std::optional<MeshCoordinateRange>& device_range = std::nullopt);
  virtual MeshEvent enqueue_record_event_to_host(ttsl::Span<const SubDeviceId> sub_device_ids = {},
                                                 const std::optional<MeshCoordinateRange>& device_range = std::nullopt);
  virtual void enqueue_wait_for_event(const MeshEvent& sync_event);

 protected:
  MeshDevice* mesh_device_;
  uint32_t id_;
};

}  // namespace tt::tt_metal::distributed
