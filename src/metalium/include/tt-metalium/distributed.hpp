// The distributed host API (tt-metal's distributed.hpp): mesh buffers, shard
// transfers, workloads and Finish on a mesh command queue.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking);

template <typename DType>
void WriteShard(MeshCommandQueue& mesh_cq, const std::shared_ptr<MeshBuffer>& mesh_buffer, std::vector<DType>& src,
                const MeshCoordinate& coord, bool blocking = false) {
  TT_FATAL(src.size() * sizeof(DType) >= mesh_buffer->device_local_size(),
           "Source vector is too small for the shard: shard size={} bytes, source size={} * {} bytes",
           mesh_buffer->device_local_size(), src.size(), sizeof(DType));
  std::vector<ShardDataTransfer> transfers = {ShardDataTransfer{coord}.host_data(src.data())};
  mesh_cq.enqueue_write_shards(mesh_buffer, transfers, blocking);
}

template <typename DType>
void ReadShard(MeshCommandQueue& mesh_cq, std::vector<DType>& dst, const std::shared_ptr<MeshBuffer>& mesh_buffer,
               const MeshCoordinate& coord, bool blocking = true) {
  dst.resize(mesh_buffer->device_local_size() / sizeof(DType));
  std::vector<ShardDataTransfer> transfers = {ShardDataTransfer{coord}.host_data(dst.data())};
  mesh_cq.enqueue_read_shards(transfers, mesh_buffer, blocking);
}

template <typename DType>
void EnqueueWriteMeshBuffer(MeshCommandQueue& mesh_cq, std::shared_ptr<MeshBuffer>& mesh_buffer,
                            const std::vector<DType>& src, bool blocking = false) {
  TT_FATAL(src.size() * sizeof(DType) >= mesh_buffer->size(),
           "Source vector is too small for mesh buffer: mesh buffer size={} bytes, source size={} * {} bytes",
           mesh_buffer->size(), src.size(), sizeof(DType));
  mesh_cq.enqueue_write_mesh_buffer(mesh_buffer, src.data(), blocking);
}

template <typename DType>
void EnqueueReadMeshBuffer(MeshCommandQueue& mesh_cq, std::vector<DType>& dst,
                           std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking = true) {
  dst.resize(mesh_buffer->size() / sizeof(DType));
  mesh_cq.enqueue_read_mesh_buffer(dst.data(), mesh_buffer, blocking);
}

void Synchronize(MeshDevice* device, std::optional<uint8_t> cq_id, ttsl::Span<const SubDeviceId> sub_device_ids = {});
void Finish(MeshCommandQueue& mesh_cq, ttsl::Span<const SubDeviceId> sub_device_ids = {});
bool UsingDistributedEnvironment();

// An event completes once every command its queue had before it has run:
// EventSynchronize waits for that, EventQuery says whether it has.
void EventSynchronize(const MeshEvent& event);
bool EventQuery(const MeshEvent& event);
// MeshDevice::begin_mesh_trace.
MeshTraceId BeginTraceCapture(MeshDevice* device, uint8_t cq_id);

}  // namespace tt::tt_metal::distributed
