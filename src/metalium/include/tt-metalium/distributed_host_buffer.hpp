// Host data in shards over a mesh's coordinates (tt-metal's
// distributed_host_buffer.hpp), what MeshCommandQueue::enqueue_write and
// enqueue_read move to and from a MeshBuffer. One host holds every shard here,
// so the multi-host create (global and local shapes, a distributed context)
// and context() are left out; every coordinate of the shape is local.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <functional>
#include <optional>
#include <set>
#include <vector>

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

  // A buffer of the view's shape.
  static DistributedHostBuffer create(const distributed::MeshDeviceView& mesh_device_view);
  static DistributedHostBuffer create(const distributed::MeshShape& shape);

  // The shard at `coord`, if populated; throws for a coordinate outside the shape.
  std::optional<HostBuffer> get_shard(const distributed::MeshCoordinate& coord) const;

  // Sets the shard at `coord` to what `produce_buffer` returns; throws for a
  // coordinate outside the shape.
  using ProduceBufferFn = std::function<HostBuffer(const distributed::MeshCoordinate&)>;
  void emplace_shard(const distributed::MeshCoordinate& coord, const std::function<HostBuffer()>& produce_buffer);

  // Always true here (one host); throws for a coordinate outside the shape.
  bool is_local(const distributed::MeshCoordinate& coord) const;

  // PARALLEL runs the shards' calls on threads of their own.
  enum class ProcessShardExecutionPolicy {
    SEQUENTIAL,
    PARALLEL,
  };

  // A buffer of `fn` of each populated shard, at the same coordinates.
  using TransformFn = std::function<HostBuffer(const HostBuffer& buffer)>;
  DistributedHostBuffer transform(const TransformFn& fn,
                                  ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;

  // Calls `fn` on each populated shard.
  using ApplyFn = std::function<void(const HostBuffer& buffer)>;
  void apply(const ApplyFn& fn, ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;

  // emplace_shard for each of `coords`.
  void emplace_shards(const std::vector<distributed::MeshCoordinate>& coords, const ProduceBufferFn& produce_buffer,
                      ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL);

  const distributed::MeshShape& shape() const;
  // The coordinates of the populated shards.
  const std::set<distributed::MeshCoordinate>& shard_coords() const;

 private:
  struct Shard {
    HostBuffer buffer;
    bool is_populated = false;
  };
  explicit DistributedHostBuffer(const distributed::MeshShape& shape);
  // The index of `coord` in shards_; throws naming it if it is outside the shape.
  size_t index_of(const distributed::MeshCoordinate& coord) const;

  distributed::MeshShape shape_;
  std::vector<Shard> shards_;  // row-major over shape_
  std::set<distributed::MeshCoordinate> shard_coords_;
};

}  // namespace tt::tt_metal
