// A tensor in host memory: a DistributedHostBuffer (a buffer per device of
// the mesh), laid out by a TensorSpec and spread by a TensorTopology
// (tt-metal's HostTensor). Copying copies the handles, not the bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/memory_pin.hpp>
#include <tt-metalium/tile.hpp>

namespace tt::tt_metal {

class HostTensorImpl;

class HostTensor {
 public:
  using volume_type = std::uint64_t;

  HostTensor() = delete;
  explicit HostTensor(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology);
  // One buffer: a 1 x 1 distributed buffer holding it at (0, 0).
  explicit HostTensor(HostBuffer buffer, TensorSpec spec, TensorTopology topology);
  ~HostTensor();
  HostTensor(const HostTensor& other);
  HostTensor& operator=(const HostTensor& other);
  HostTensor(HostTensor&& other) noexcept;
  HostTensor& operator=(HostTensor&& other) noexcept;

  // The logical elements of `buffer` (row-major) laid out as `spec` says:
  // padded with pad_value, and in tiles of faces for a TILE layout.
  template <typename T>
  static HostTensor from_span(std::span<const T> buffer, const TensorSpec& spec, T pad_value = 0);
  // `buffer` as a row-major tensor of `shape`, without a copy; `pin` keeps it alive.
  template <typename T>
  static HostTensor from_borrowed_data(std::span<T> buffer, const Shape& shape, MemoryPin pin,
                                       const std::optional<Tile>& tile = std::nullopt);
  template <typename T>
  static HostTensor from_vector(const std::vector<T>& buffer, const TensorSpec& spec, T pad_value = 0);
  template <typename T>
  static HostTensor from_vector(std::vector<T>&& buffer, const TensorSpec& spec, T pad_value = 0);
  // The logical elements, row-major (the first device's buffer).
  template <typename T>
  std::vector<T> to_vector() const;

  const TensorSpec& tensor_spec() const;
  const TensorTopology& tensor_topology() const;
  bool is_valueless_after_move() const;
  const DistributedHostBuffer& buffer() const;

  DataType dtype() const;
  Layout layout() const;
  const Shape& logical_shape() const;
  const Shape& padded_shape() const;
  volume_type logical_volume() const;
  volume_type physical_volume() const;
  const MemoryConfig& memory_config() const;
  bool is_sharded() const;
  const std::optional<ShardSpec>& legacy_shard_spec() const;
  const std::optional<NdShardSpec>& nd_shard_spec() const;
  std::size_t element_size() const;
  Strides strides() const;

  // A tensor of the same spec whose every buffer is `callable` of this one's.
  HostTensor transform(const std::function<HostBuffer(const HostBuffer&)>& callable) const;
  void update_tensor_topology(TensorTopology tensor_topology);

  HostTensorImpl& impl();
  const HostTensorImpl& impl() const;

 private:
  std::unique_ptr<HostTensorImpl> impl_;
};

}  // namespace tt::tt_metal
