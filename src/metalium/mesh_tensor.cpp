// tt-metal's MeshTensor and TensorTopology on the emulator's mesh buffers.
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>

#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/tensor_element_size.h"

namespace tt::tt_metal {

// ---- placements and topology ----

namespace distributed {

bool operator==(const MeshMapperConfig::Placement& lhs, const MeshMapperConfig::Placement& rhs) {
  return lhs.index() == rhs.index() &&
         (std::holds_alternative<MeshMapperConfig::Replicate>(lhs) ||
          std::get<MeshMapperConfig::Shard>(lhs).dim == std::get<MeshMapperConfig::Shard>(rhs).dim);
}

std::ostream& operator<<(std::ostream& os, const MeshMapperConfig::Placement& placement) {
  if (const auto* shard = std::get_if<MeshMapperConfig::Shard>(&placement)) return os << "PlacementShard(" << shard->dim << ")";
  return os << "PlacementReplicate()";
}

std::ostream& operator<<(std::ostream& os, const MeshMapperConfig& config) {
  os << "MeshMapperConfig(placements: [";
  for (size_t i = 0; i < config.placements.size(); ++i) os << (i ? ", " : "") << config.placements[i];
  os << "]";
  if (config.mesh_shape_override) os << ", mesh_shape_override=" << *config.mesh_shape_override;
  return os << ")";
}

std::ostream& operator<<(std::ostream& os, const MeshComposerConfig& config) {
  os << "MeshComposerConfig(dims: [";
  for (size_t i = 0; i < config.dims.size(); ++i) os << (i ? ", " : "") << config.dims[i];
  os << "]";
  if (config.mesh_shape_override) os << ", mesh_shape_override=" << *config.mesh_shape_override;
  return os << ")";
}

}  // namespace distributed

namespace {

using distributed::MeshCoordinate;
using distributed::MeshShape;

TensorTopology one_dimensional(const MeshShape& mesh_shape, distributed::MeshMapperConfig::Placement placement) {
  std::vector<MeshCoordinate> coords;
  const MeshShape devices = mesh_shape.dims() == 1 ? MeshShape(1, mesh_shape[0]) : mesh_shape;
  for (const auto& c : distributed::MeshCoordinateRange(devices)) coords.push_back(c);
  return TensorTopology(MeshShape(static_cast<uint32_t>(mesh_shape.mesh_size())), {placement}, std::move(coords));
}


}  // namespace

TensorTopology TensorTopology::create_fully_replicated_tensor_topology(const MeshShape& mesh_shape) {
  return one_dimensional(mesh_shape, distributed::MeshMapperConfig::Replicate{});
}

TensorTopology TensorTopology::create_sharded_tensor_topology(const MeshShape& mesh_shape, int shard_dim) {
  return one_dimensional(mesh_shape, distributed::MeshMapperConfig::Shard{shard_dim});
}

MeshCoordinate TensorTopology::get_neighbor(const MeshCoordinate& tensor_coord, int32_t offset, int32_t dim) const {
  const auto dims = static_cast<int32_t>(distribution_shape_.dims());
  TT_FATAL(tensor_coord.dims() == distribution_shape_.dims() && dim >= -dims && dim < dims,
           "Failed to get neighbor for coordinate {} at dim {} with offset {}", tensor_coord, dim, offset);
  return *tensor_coord.get_neighbor(distribution_shape_, offset, dim, MeshCoordinate::BoundaryMode::WRAP);
}

MeshCoordinate TensorTopology::get_next_neighbor(const MeshCoordinate& tensor_coord, int32_t dim) const {
  return get_neighbor(tensor_coord, 1, dim);
}

MeshCoordinate TensorTopology::get_prev_neighbor(const MeshCoordinate& tensor_coord, int32_t dim) const {
  return get_neighbor(tensor_coord, -1, dim);
}

MeshCoordinate TensorTopology::get_device_coord(const MeshCoordinate& tensor_coord) const {
  size_t index = 0;
  for (size_t d = 0; d < distribution_shape_.dims(); ++d)
    index += tensor_coord[static_cast<int32_t>(d)] * distribution_shape_.get_stride(d);
  TT_FATAL(index < mesh_coords_.size(),
           "Flattened index {} is out of bounds of mesh_coordinates {} in tensor topology with distribution shape {}",
           index, mesh_coords_.size(), distribution_shape_);
  return mesh_coords_[index];
}

std::optional<MeshCoordinate> TensorTopology::get_tensor_coord(const MeshCoordinate& device_coord) const {
  for (size_t i = 0; i < mesh_coords_.size(); ++i) {
    if (mesh_coords_[i] != device_coord) continue;
    std::vector<uint32_t> values(distribution_shape_.dims());
    size_t rest = i;
    for (int d = static_cast<int>(values.size()) - 1; d >= 0; --d) {
      values[d] = static_cast<uint32_t>(rest % distribution_shape_[d]);
      rest /= distribution_shape_[d];
    }
    return MeshCoordinate(ttsl::Span<const uint32_t>(values));
  }
  return std::nullopt;
}

bool operator==(const TensorTopology& lhs, const TensorTopology& rhs) {
  return lhs.distribution_shape() == rhs.distribution_shape() && lhs.placements() == rhs.placements() &&
         lhs.mesh_coords() == rhs.mesh_coords();
}
bool operator!=(const TensorTopology& lhs, const TensorTopology& rhs) { return !(lhs == rhs); }

std::ostream& operator<<(std::ostream& os, const TensorTopology& topology) {
  os << "TensorTopology(distribution_shape=" << topology.distribution_shape() << ", placements=[";
  for (size_t i = 0; i < topology.placements().size(); ++i) os << (i ? ", " : "") << topology.placements()[i];
  os << "], mesh_coords=[";
  for (size_t i = 0; i < topology.mesh_coords().size(); ++i) os << (i ? ", " : "") << topology.mesh_coords()[i];
  return os << "])";
}

// ---- MeshTensor ----

class MeshTensorImpl {
 public:
  MeshTensorImpl(std::shared_ptr<distributed::MeshBuffer> buffer, TensorSpec spec, TensorTopology topology)
      : buffer_(std::move(buffer)), spec_(std::move(spec)), topology_(std::move(topology)) {
    TT_FATAL(buffer_ != nullptr, "MeshBuffer cannot be nullptr.");
    TT_FATAL(buffer_->is_allocated(), "MeshBuffer must be allocated.");
    TT_FATAL(buffer_->size() >= spec_.compute_packed_buffer_size_bytes(),
             "MeshBuffer must be large enough to hold the tensor.");
  }
  const distributed::MeshBuffer& mesh_buffer() const { return *buffer_; }
  const TensorSpec& spec() const { return spec_; }
  const TensorTopology& topology() const { return topology_; }
  void update_topology(TensorTopology topology) { topology_ = std::move(topology); }

 private:
  std::shared_ptr<distributed::MeshBuffer> buffer_;
  TensorSpec spec_;
  TensorTopology topology_;
};

MeshTensor::MeshTensor(std::shared_ptr<distributed::MeshBuffer> mesh_buffer, TensorSpec spec, TensorTopology topology)
    : impl_(std::make_unique<MeshTensorImpl>(std::move(mesh_buffer), std::move(spec), std::move(topology))) {}
MeshTensor::~MeshTensor() = default;
MeshTensor::MeshTensor(MeshTensor&& other) noexcept = default;
MeshTensor& MeshTensor::operator=(MeshTensor&& other) noexcept = default;

MeshTensorImpl& MeshTensor::impl() {
  TT_FATAL(impl_ != nullptr, "MeshTensor is in a moved-from state.");
  return *impl_;
}
const MeshTensorImpl& MeshTensor::impl() const {
  TT_FATAL(impl_ != nullptr, "MeshTensor is in a moved-from state.");
  return *impl_;
}

MeshTensor MeshTensor::allocate_on_device(distributed::MeshDevice& mesh_device, const TensorSpec& spec,
                                          const TensorTopology& topology) {
  distributed::DeviceLocalBufferConfig local;
  local.page_size = spec.compute_page_size_bytes();
  local.buffer_type = spec.memory_config().buffer_type();
  local.sharding_args = spec.compute_buffer_sharding_args();
  const distributed::ReplicatedBufferConfig replicated{.size = spec.compute_packed_buffer_size_bytes()};
  return MeshTensor(distributed::MeshBuffer::create(replicated, local, &mesh_device), spec, topology);
}

const distributed::MeshBuffer& MeshTensor::mesh_buffer() const { return impl().mesh_buffer(); }
const distributed::MeshDevice& MeshTensor::device() const { return mutable_device(); }
distributed::MeshDevice& MeshTensor::mutable_device() const { return *mesh_buffer().device(); }
const TensorSpec& MeshTensor::tensor_spec() const { return impl().spec(); }
const TensorTopology& MeshTensor::tensor_topology() const { return impl().topology(); }
bool MeshTensor::is_valueless_after_move() const { return impl_ == nullptr; }
DataType MeshTensor::dtype() const { return tensor_spec().data_type(); }
Layout MeshTensor::layout() const { return tensor_spec().layout(); }
const Shape& MeshTensor::logical_shape() const { return tensor_spec().logical_shape(); }
const Shape& MeshTensor::padded_shape() const { return tensor_spec().padded_shape(); }
MeshTensor::volume_type MeshTensor::logical_volume() const { return logical_shape().volume(); }
MeshTensor::volume_type MeshTensor::physical_volume() const { return padded_shape().volume(); }
const MemoryConfig& MeshTensor::memory_config() const { return tensor_spec().memory_config(); }
bool MeshTensor::is_sharded() const { return memory_config().is_sharded(); }
const std::optional<ShardSpec>& MeshTensor::shard_spec() const { return memory_config().shard_spec(); }
const std::optional<NdShardSpec>& MeshTensor::nd_shard_spec() const { return memory_config().nd_shard_spec(); }
DeviceAddr MeshTensor::address() const { return mesh_buffer().address(); }
Strides MeshTensor::strides() const { return tensor_spec().tensor_layout().compute_strides(logical_shape()); }
void MeshTensor::update_tensor_topology(TensorTopology tensor_topology) { impl().update_topology(std::move(tensor_topology)); }

std::size_t MeshTensor::element_size() const { return tt_metal::detail::host_element_size(dtype()); }

}  // namespace tt::tt_metal
