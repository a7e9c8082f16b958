// A tensor allocated on a mesh device: one MeshBuffer laid out by a
// TensorSpec, spread by a TensorTopology (tt-metal's MeshTensor). Move-only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/optional_reference.hpp>

namespace tt::tt_metal {

class MeshTensorImpl;

namespace distributed {
class MeshDevice;
class MeshBuffer;
}  // namespace distributed

class MeshTensor {
 public:
  using volume_type = std::uint64_t;

  MeshTensor() = delete;
  // A replicated buffer of spec's packed size and page size on every device of the mesh.
  static MeshTensor allocate_on_device(distributed::MeshDevice& mesh_device, const TensorSpec& spec,
                                       const TensorTopology& topology);
  explicit MeshTensor(std::shared_ptr<distributed::MeshBuffer> mesh_buffer, TensorSpec spec, TensorTopology topology);
  ~MeshTensor();
  MeshTensor(const MeshTensor&) = delete;
  MeshTensor& operator=(const MeshTensor&) = delete;
  MeshTensor(MeshTensor&& other) noexcept;
  MeshTensor& operator=(MeshTensor&& other) noexcept;

  const distributed::MeshBuffer& mesh_buffer() const;
  const distributed::MeshDevice& device() const;
  distributed::MeshDevice& mutable_device() const;
  const TensorSpec& tensor_spec() const;
  const TensorTopology& tensor_topology() const;
  bool is_valueless_after_move() const;

  DataType dtype() const;
  Layout layout() const;
  const Shape& logical_shape() const;
  const Shape& padded_shape() const;
  volume_type logical_volume() const;
  volume_type physical_volume() const;
  const MemoryConfig& memory_config() const;
  bool is_sharded() const;
  const std::optional<ShardSpec>& shard_spec() const;
  const std::optional<NdShardSpec>& nd_shard_spec() const;
  DeviceAddr address() const;
  std::size_t element_size() const;
  Strides strides() const;
  void update_tensor_topology(TensorTopology tensor_topology);

  MeshTensorImpl& impl();
  const MeshTensorImpl& impl() const;

 private:
  std::unique_ptr<MeshTensorImpl> impl_;
};

}  // namespace tt::tt_metal
