// Host data in shards over a mesh's coordinates (tt-metal's
// distributed_host_buffer.hpp), what MeshCommandQueue::enqueue_write and
// enqueue_read move to and from a MeshBuffer. Over several hosts a buffer
// holds only its host's shards (a local box of the global shape); the rest
// are remote: never produced, never transformed.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class DistributedHostBuffer {
 public:
  DistributedHostBuffer(const DistributedHostBuffer&) = default;
  DistributedHostBuffer& operator=(const DistributedHostBuffer&) = default;
  DistributedHostBuffer(DistributedHostBuffer&&) = default;
  DistributedHostBuffer& operator=(DistributedHostBuffer&&) = default;

  // A buffer of `global_shape` whose local shards are the box of
  // `local_shape` at `local_offset`; throws when the box leaves the shape.
  static DistributedHostBuffer create(const distributed::MeshShape& global_shape,
                                      const distributed::MeshShape& local_shape,
                                      const distributed::MeshCoordinate& local_offset,
                                      const std::shared_ptr<distributed::multihost::DistributedContext>& context);
  // A buffer of the view's shape, local where the view's devices are.
  static DistributedHostBuffer create(const distributed::MeshDeviceView& mesh_device_view);
  // One host: every shard local.
  static DistributedHostBuffer create(const distributed::MeshShape& shape);

  // The shard at `coord` if it is local and populated; throws for a
  // coordinate outside the global shape.
  std::optional<HostBuffer> get_shard(const distributed::MeshCoordinate& coord) const;

  // Sets a local shard to what `produce_buffer` returns (a remote one is only
  // recorded in shard_coords); throws for a coordinate outside the shape.
  using ProduceBufferFn = std::function<HostBuffer(const distributed::MeshCoordinate&)>;
  void emplace_shard(const distributed::MeshCoordinate& coord, const std::function<HostBuffer()>& produce_buffer);

  // Throws for a coordinate outside the global shape.
  bool is_local(const distributed::MeshCoordinate& coord) const;

  // PARALLEL runs the shards' calls on threads of their own.
  enum class ProcessShardExecutionPolicy {
    SEQUENTIAL,
    PARALLEL,
  };

  // A buffer of `fn` of each local populated shard, at the same coordinates.
  using TransformFn = std::function<HostBuffer(const HostBuffer& buffer)>;
  DistributedHostBuffer transform(const TransformFn& fn,
                                  ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;

  // Calls `fn` on each local populated shard.
  using ApplyFn = std::function<void(const HostBuffer& buffer)>;
  void apply(const ApplyFn& fn, ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;

  // emplace_shard for each of `coords`.
  void emplace_shards(const std::vector<distributed::MeshCoordinate>& coords, const ProduceBufferFn& produce_buffer,
                      ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL);

  const distributed::MeshShape& shape() const;
  // Every coordinate emplaced, local or not.
  const std::set<distributed::MeshCoordinate>& shard_coords() const;
  // The context given to create, if any.
  const std::shared_ptr<distributed::multihost::DistributedContext>& context() const;

 private:
  struct Shard {
    HostBuffer buffer;
    bool is_populated = false;
  };
  DistributedHostBuffer(distributed::DistributedMeshContainer<Shard> shards,
                        std::shared_ptr<distributed::multihost::DistributedContext> context);
  // The shard at `coord`: throws naming it if it is outside the shape; null if remote.
  const Shard* shard_at(const distributed::MeshCoordinate& coord) const;
  Shard* shard_at(const distributed::MeshCoordinate& coord);
  // The local populated shards' coordinates.
  std::vector<distributed::MeshCoordinate> populated() const;

  distributed::DistributedMeshContainer<Shard> shards_;
  std::set<distributed::MeshCoordinate> shard_coords_;
  std::shared_ptr<distributed::multihost::DistributedContext> context_;
};

}  // namespace tt::tt_metal
