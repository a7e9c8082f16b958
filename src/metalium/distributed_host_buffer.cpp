// DistributedHostBuffer, and the mesh queue's writes and reads of one: each
// populated shard to or from the device at its coordinate.
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>

#include <thread>
#include <unordered_set>
#include <utility>

#include <tt_stl/assert.hpp>

#include "metalium/mesh_device_impl.h"

namespace tt::tt_metal {

using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshShape;

DistributedHostBuffer::DistributedHostBuffer(distributed::DistributedMeshContainer<Shard> shards,
                                             std::shared_ptr<distributed::multihost::DistributedContext> context)
    : shards_(std::move(shards)), context_(std::move(context)) {}

DistributedHostBuffer DistributedHostBuffer::create(
    const MeshShape& global_shape, const MeshShape& local_shape, const MeshCoordinate& local_offset,
    const std::shared_ptr<distributed::multihost::DistributedContext>& context) {
  TT_FATAL(local_shape.dims() == global_shape.dims() && local_offset.dims() == global_shape.dims(),
           "Local shape {} and offset {} must have the dimensions of the global shape {}", local_shape, local_offset,
           global_shape);
  std::vector<uint32_t> last;
  for (size_t d = 0; d < global_shape.dims(); ++d) {
    const auto i = static_cast<int32_t>(d);
    TT_FATAL(local_shape[i] > 0 && local_offset[i] + local_shape[i] <= global_shape[i],
             "Local shape {} at offset {} leaves the global shape {} in dimension {}", local_shape, local_offset,
             global_shape, d);
    last.push_back(local_offset[i] + local_shape[i] - 1);
  }
  const MeshCoordinateRange local(local_offset, MeshCoordinate(ttsl::Span<const uint32_t>(last)));
  distributed::DistributedMeshContainer<Shard> shards(global_shape);
  for (const MeshCoordinate& coord : local) shards.at(coord) = distributed::MaybeRemote<Shard>::local(Shard{});
  return DistributedHostBuffer(std::move(shards), context);
}

DistributedHostBuffer DistributedHostBuffer::create(const distributed::MeshDeviceView& mesh_device_view) {
  distributed::DistributedMeshContainer<Shard> shards(mesh_device_view.shape());
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_device_view.shape()))
    if (mesh_device_view.is_local(coord)) shards.at(coord) = distributed::MaybeRemote<Shard>::local(Shard{});
  return DistributedHostBuffer(std::move(shards), nullptr);
}

DistributedHostBuffer DistributedHostBuffer::create(const MeshShape& shape) {
  return create(shape, shape, MeshCoordinate::zero_coordinate(shape.dims()), nullptr);
}

const DistributedHostBuffer::Shard* DistributedHostBuffer::shard_at(const MeshCoordinate& coord) const {
  TT_FATAL(coord.dims() == shape().dims() && MeshCoordinateRange(shape()).contains(coord),
           "Shard {} is outside the distributed host buffer of shape {}", coord, shape());
  const auto& held = shards_.at(coord);
  return held.is_local() ? &held.value() : nullptr;
}
DistributedHostBuffer::Shard* DistributedHostBuffer::shard_at(const MeshCoordinate& coord) {
  return const_cast<Shard*>(std::as_const(*this).shard_at(coord));
}

std::optional<HostBuffer> DistributedHostBuffer::get_shard(const MeshCoordinate& coord) const {
  const Shard* shard = shard_at(coord);
  if (shard == nullptr || !shard->is_populated) return std::nullopt;
  return shard->buffer;
}

void DistributedHostBuffer::emplace_shard(const MeshCoordinate& coord, const std::function<HostBuffer()>& produce_buffer) {
  if (Shard* shard = shard_at(coord)) {
    shard->buffer = produce_buffer();
    shard->is_populated = true;
  }
  shard_coords_.insert(coord);
}

bool DistributedHostBuffer::is_local(const MeshCoordinate& coord) const { return shard_at(coord) != nullptr; }

std::vector<MeshCoordinate> DistributedHostBuffer::populated() const {
  std::vector<MeshCoordinate> out;
  for (const MeshCoordinate& coord : shard_coords_)
    if (const Shard* shard = shard_at(coord); shard && shard->is_populated) out.push_back(coord);
  return out;
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
  const std::vector<MeshCoordinate> coords = populated();
  for_each_shard(coords.size(), policy, [&](size_t i) {
    Shard* shard = out.shard_at(coords[i]);
    shard->buffer = fn(shard->buffer);
  });
  return out;
}

void DistributedHostBuffer::apply(const ApplyFn& fn, ProcessShardExecutionPolicy policy) const {
  const std::vector<MeshCoordinate> coords = populated();
  for_each_shard(coords.size(), policy, [&](size_t i) { fn(shard_at(coords[i])->buffer); });
}

// Only local shards are produced; every coordinate is checked first.
void DistributedHostBuffer::emplace_shards(const std::vector<MeshCoordinate>& coords,
                                           const ProduceBufferFn& produce_buffer, ProcessShardExecutionPolicy policy) {
  std::vector<std::optional<HostBuffer>> made(coords.size());
  std::vector<bool> local;
  for (const MeshCoordinate& coord : coords) local.push_back(is_local(coord));
  for_each_shard(coords.size(), policy, [&](size_t i) {
    if (local[i]) made[i] = produce_buffer(coords[i]);
  });
  for (size_t i = 0; i < coords.size(); ++i) emplace_shard(coords[i], [&] { return std::move(*made[i]); });
}

const MeshShape& DistributedHostBuffer::shape() const { return shards_.shape(); }
const std::set<MeshCoordinate>& DistributedHostBuffer::shard_coords() const { return shard_coords_; }
const std::shared_ptr<distributed::multihost::DistributedContext>& DistributedHostBuffer::context() const {
  return context_;
}

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
    std::optional<HostBuffer> shard = host_buffer.get_shard(coord);
    if (!shard) continue;  // another host's
    shards.push_back(std::move(*shard));
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
