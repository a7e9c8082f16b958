// DistributedHostBuffer, and the mesh queue's writes and reads of one: each
// populated shard to or from the device at its coordinate.
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>

#include <thread>
#include <unordered_set>

#include <tt_stl/assert.hpp>

#include "metalium/mesh_device_impl.h"

namespace tt::tt_metal {

using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshShape;

DistributedHostBuffer::DistributedHostBuffer(const MeshShape& shape) : shape_(shape), shards_(shape.mesh_size()) {}

DistributedHostBuffer DistributedHostBuffer::create(const distributed::MeshDeviceView& mesh_device_view) {
  return create(mesh_device_view.shape());
}
DistributedHostBuffer DistributedHostBuffer::create(const MeshShape& shape) { return DistributedHostBuffer(shape); }

size_t DistributedHostBuffer::index_of(const MeshCoordinate& coord) const {
  TT_FATAL(coord.dims() == shape_.dims() && MeshCoordinateRange(shape_).contains(coord),
           "Shard {} is outside the distributed host buffer of shape {}", coord, shape_);
  return coord.to_linear_index(shape_);
}

std::optional<HostBuffer> DistributedHostBuffer::get_shard(const MeshCoordinate& coord) const {
  const Shard& shard = shards_[index_of(coord)];
  if (!shard.is_populated) return std::nullopt;
  return shard.buffer;
}

void DistributedHostBuffer::emplace_shard(const MeshCoordinate& coord, const std::function<HostBuffer()>& produce_buffer) {
  Shard& shard = shards_[index_of(coord)];
  shard.buffer = produce_buffer();
  shard.is_populated = true;
  shard_coords_.insert(coord);
}

bool DistributedHostBuffer::is_local(const MeshCoordinate& coord) const {
  index_of(coord);
  return true;
}

namespace {
// Calls `each(i)` for i in [0, n), at once on threads of their own under PARALLEL.
void for_each_shard(size_t n, DistributedHostBuffer::ProcessShardExecutionPolicy policy,
                    const std::function<void(size_t)>& each) {
  if (policy == DistributedHostBuffer::ProcessShardExecutionPolicy::SEQUENTIAL || n < 2) {
    for (size_t i = 0; i < n; ++i) each(i);
    return;
  }
  std::vector<std::exception_ptr> failures(n);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      try {
        each(i);
      } catch (...) {
        failures[i] = std::current_exception();
      }
    });
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}
}  // namespace

DistributedHostBuffer DistributedHostBuffer::transform(const TransformFn& fn, ProcessShardExecutionPolicy policy) const {
  DistributedHostBuffer out = *this;
  const std::vector<MeshCoordinate> coords(shard_coords_.begin(), shard_coords_.end());
  for_each_shard(coords.size(), policy, [&](size_t i) {
    Shard& shard = out.shards_[index_of(coords[i])];
    shard.buffer = fn(shard.buffer);
  });
  return out;
}

void DistributedHostBuffer::apply(const ApplyFn& fn, ProcessShardExecutionPolicy policy) const {
  const std::vector<MeshCoordinate> coords(shard_coords_.begin(), shard_coords_.end());
  for_each_shard(coords.size(), policy, [&](size_t i) { fn(shards_[index_of(coords[i])].buffer); });
}

void DistributedHostBuffer::emplace_shards(const std::vector<MeshCoordinate>& coords,
                                           const ProduceBufferFn& produce_buffer, ProcessShardExecutionPolicy policy) {
  std::vector<HostBuffer> made(coords.size());
  for (const MeshCoordinate& coord : coords) index_of(coord);
  for_each_shard(coords.size(), policy, [&](size_t i) { made[i] = produce_buffer(coords[i]); });
  for (size_t i = 0; i < coords.size(); ++i) emplace_shard(coords[i], [&] { return std::move(made[i]); });
}

const MeshShape& DistributedHostBuffer::shape() const { return shape_; }
const std::set<MeshCoordinate>& DistributedHostBuffer::shard_coords() const { return shard_coords_; }

}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

namespace {
// Host memory for a shard transfer of `buffer`'s whole bytes.
ShardDataTransfer transfer_of(const MeshCoordinate& coord, HostBuffer& buffer) {
  auto bytes = buffer.view_bytes();
  return ShardDataTransfer(coord).host_data(bytes.data()).region(BufferRegion(0, bytes.size()));
}
}  // namespace

void MeshCommandQueue::enqueue_write(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                     const DistributedHostBuffer& host_buffer, bool blocking) {
  std::vector<HostBuffer> shards;  // share the shards' memory while the transfers are made
  std::vector<ShardDataTransfer> transfers;
  for (const MeshCoordinate& coord : host_buffer.shard_coords()) {
    shards.push_back(*host_buffer.get_shard(coord));
    transfers.push_back(transfer_of(coord, shards.back()));
  }
  enqueue_write_shards(mesh_buffer, transfers, blocking);  // a queued write copies the host data
}

void MeshCommandQueue::enqueue_read(const std::shared_ptr<MeshBuffer>& mesh_buffer, DistributedHostBuffer& host_buffer,
                                    const std::optional<std::unordered_set<MeshCoordinate>>& shards, bool blocking) {
  std::vector<HostBuffer> held;
  std::vector<ShardDataTransfer> transfers;
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_buffer->device()->shape())) {
    if (shards && !shards->contains(coord)) continue;
    std::optional<HostBuffer> shard = host_buffer.get_shard(coord);
    if (!shard) continue;
    held.push_back(*shard);
    transfers.push_back(transfer_of(coord, held.back()));
  }
  enqueue_read_shards(transfers, mesh_buffer, blocking);
  // A queued read fills the shards' memory later: keep it alive until then.
  if (!blocking) mesh_device_->impl().executor(id_).enqueue([held = std::move(held)] {}, false);
}

}  // namespace tt::tt_metal::distributed
