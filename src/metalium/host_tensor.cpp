// tt-metal's HostTensor: a spec'd tensor in host buffers, and the row-major
// <-> padded / tiled conversions of from_vector and to_vector.
#include <tt-metalium/experimental/tensor/host_tensor.hpp>

#include <tt-metalium/tilize_utils.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/tensor_element_size.h"

namespace tt::tt_metal {

class HostTensorImpl {
 public:
  HostTensorImpl(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology)
      : buffer(std::move(buffer)), spec(std::move(spec)), topology(std::move(topology)) {}
  DistributedHostBuffer buffer;
  TensorSpec spec;
  TensorTopology topology;
};

namespace {

DistributedHostBuffer unit_buffer(HostBuffer buffer) {
  auto out = DistributedHostBuffer::create(distributed::MeshShape(1, 1));
  out.emplace_shard(distributed::MeshCoordinate(0, 0), [&buffer] { return std::move(buffer); });
  return out;
}

// The offset in a row-major tensor of `to` of the row that starts at outer
// index `row` of a tensor of `from` (both of one rank).
size_t row_offset(size_t row, const Shape& from, const Shape& to) {
  size_t offset = 0, stride = to[-1];
  for (int d = static_cast<int>(from.rank()) - 2; d >= 0; --d) {
    offset += (row % from[d]) * stride;
    row /= from[d];
    stride *= to[d];
  }
  return offset;
}

size_t rows_of(const Shape& s) { return s.rank() == 0 ? 1 : s.volume() / std::max<uint32_t>(s[-1], 1); }

void require_plain_tiles(const TensorSpec& spec, const char* call) {
  if (spec.layout() != Layout::TILE) return;
  const Tile tile = spec.tile();
  TT_FATAL(tile.get_height() == 32 && tile.get_width() == 32,
           "HostTensor::{}: tiles of {}x{} are not provided by the emulator's TT-Metalium (32x32 ones are)", call,
           tile.get_height(), tile.get_width());
  TT_FATAL(spec.logical_shape().rank() >= 1, "HostTensor::{}: a TILE tensor needs a rank of at least 1", call);
}

// The logical elements laid out as `spec` says (padding, then tiles).
template <typename T>
std::vector<T> encode(std::span<const T> logical, const TensorSpec& spec, T pad_value) {
  TT_FATAL(logical.size() == spec.logical_shape().volume(),
           "HostTensor: {} elements given for a tensor of {} ({} elements)", logical.size(), spec.logical_shape(),
           spec.logical_shape().volume());
  require_plain_tiles(spec, "from_vector");
  // The padded shape may have more dimensions than the logical one (leading 1s padded up).
  const Shape& padded = spec.padded_shape();
  const Shape shape = spec.logical_shape().to_rank(padded.rank());
  std::vector<T> out(padded.volume(), pad_value);
  const size_t width = shape.rank() == 0 ? 1 : shape[-1];
  for (size_t r = 0; r < rows_of(shape); ++r) {
    std::copy_n(logical.begin() + r * width, width, out.begin() + row_offset(r, shape, padded));
  }
  if (spec.layout() == Layout::TILE) {
    const Shape2D physical = spec.physical_shape();
    return tilize_nfaces(out, static_cast<uint32_t>(physical.height()), static_cast<uint32_t>(physical.width()));
  }
  return out;
}

template <typename T>
std::vector<T> decode(std::span<const T> stored, const TensorSpec& spec) {
  require_plain_tiles(spec, "to_vector");
  const Shape& padded = spec.padded_shape();
  const Shape shape = spec.logical_shape().to_rank(padded.rank());
  TT_FATAL(stored.size() >= padded.volume(), "HostTensor::to_vector: the buffer holds {} elements, the spec needs {}",
           stored.size(), padded.volume());
  std::vector<T> rows(stored.begin(), stored.begin() + padded.volume());
  if (spec.layout() == Layout::TILE) {
    const Shape2D physical = spec.physical_shape();
    rows = untilize_nfaces(rows, static_cast<uint32_t>(physical.height()), static_cast<uint32_t>(physical.width()));
  }
  std::vector<T> out(shape.volume());
  const size_t width = shape.rank() == 0 ? 1 : shape[-1];
  for (size_t r = 0; r < rows_of(shape); ++r) {
    std::copy_n(rows.begin() + row_offset(r, shape, padded), width, out.begin() + r * width);
  }
  return out;
}

}  // namespace

HostTensor::HostTensor(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology)
    : impl_(std::make_unique<HostTensorImpl>(std::move(buffer), std::move(spec), std::move(topology))) {}
HostTensor::HostTensor(HostBuffer buffer, TensorSpec spec, TensorTopology topology)
    : HostTensor(unit_buffer(std::move(buffer)), std::move(spec), std::move(topology)) {}
HostTensor::~HostTensor() = default;
HostTensor::HostTensor(const HostTensor& other)
    : impl_(other.impl_ ? std::make_unique<HostTensorImpl>(*other.impl_) : nullptr) {}
HostTensor& HostTensor::operator=(const HostTensor& other) {
  if (this != &other) impl_ = other.impl_ ? std::make_unique<HostTensorImpl>(*other.impl_) : nullptr;
  return *this;
}
HostTensor::HostTensor(HostTensor&& other) noexcept = default;
HostTensor& HostTensor::operator=(HostTensor&& other) noexcept = default;

HostTensorImpl& HostTensor::impl() {
  TT_FATAL(impl_ != nullptr, "HostTensor is in a moved-from state.");
  return *impl_;
}
const HostTensorImpl& HostTensor::impl() const {
  TT_FATAL(impl_ != nullptr, "HostTensor is in a moved-from state.");
  return *impl_;
}

template <typename T>
HostTensor HostTensor::from_span(std::span<const T> buffer, const TensorSpec& spec, T pad_value) {
  return HostTensor(HostBuffer(encode(buffer, spec, pad_value)), spec, TensorTopology{});
}
template <typename T>
HostTensor HostTensor::from_vector(const std::vector<T>& buffer, const TensorSpec& spec, T pad_value) {
  return from_span(std::span<const T>(buffer), spec, pad_value);
}
template <typename T>
HostTensor HostTensor::from_vector(std::vector<T>&& buffer, const TensorSpec& spec, T pad_value) {
  // A row-major tensor with nothing to pad keeps the vector itself.
  if (spec.layout() == Layout::ROW_MAJOR && spec.padded_shape() == spec.logical_shape() &&
      buffer.size() == spec.logical_shape().volume()) {
    return HostTensor(HostBuffer(std::move(buffer)), spec, TensorTopology{});
  }
  return from_span(std::span<const T>(buffer), spec, pad_value);
}
template <typename T>
HostTensor HostTensor::from_borrowed_data(std::span<T> buffer, const Shape& shape, MemoryPin pin,
                                          const std::optional<Tile>& tile) {
  TT_FATAL(buffer.size() == shape.volume(), "HostTensor::from_borrowed_data: {} elements for a tensor of {}",
           buffer.size(), shape);
  const TensorSpec spec(shape, TensorLayout(convert_to_data_type<std::remove_const_t<T>>(),
                                            PageConfig(Layout::ROW_MAJOR, tile), MemoryConfig{}));
  return HostTensor(HostBuffer(ttsl::Span<T>(buffer.data(), buffer.size()), std::move(pin)), spec, TensorTopology{});
}
template <typename T>
std::vector<T> HostTensor::to_vector() const {
  const auto coords = buffer().shard_coords();
  TT_FATAL(!coords.empty(), "HostTensor::to_vector: the tensor holds no buffer");
  const HostBuffer first = *buffer().get_shard(*coords.begin());
  return decode(first.view_as<const T>(), tensor_spec());
}

#define ZYXTT_HOST_TENSOR_FOR(T)                                                                                  \
  template HostTensor HostTensor::from_span<T>(std::span<const T>, const TensorSpec&, T);                        \
  template HostTensor HostTensor::from_vector<T>(const std::vector<T>&, const TensorSpec&, T);                   \
  template HostTensor HostTensor::from_vector<T>(std::vector<T>&&, const TensorSpec&, T);                        \
  template HostTensor HostTensor::from_borrowed_data<T>(std::span<T>, const Shape&, MemoryPin,                    \
                                                        const std::optional<Tile>&);                              \
  template std::vector<T> HostTensor::to_vector<T>() const;
ZYXTT_HOST_TENSOR_FOR(float)
ZYXTT_HOST_TENSOR_FOR(bfloat16)
ZYXTT_HOST_TENSOR_FOR(uint32_t)
ZYXTT_HOST_TENSOR_FOR(int32_t)
ZYXTT_HOST_TENSOR_FOR(uint16_t)
ZYXTT_HOST_TENSOR_FOR(uint8_t)
#undef ZYXTT_HOST_TENSOR_FOR

const TensorSpec& HostTensor::tensor_spec() const { return impl().spec; }
const TensorTopology& HostTensor::tensor_topology() const { return impl().topology; }
bool HostTensor::is_valueless_after_move() const { return impl_ == nullptr; }
const DistributedHostBuffer& HostTensor::buffer() const { return impl().buffer; }
DataType HostTensor::dtype() const { return tensor_spec().data_type(); }
Layout HostTensor::layout() const { return tensor_spec().layout(); }
const Shape& HostTensor::logical_shape() const { return tensor_spec().logical_shape(); }
const Shape& HostTensor::padded_shape() const { return tensor_spec().padded_shape(); }
HostTensor::volume_type HostTensor::logical_volume() const { return logical_shape().volume(); }
HostTensor::volume_type HostTensor::physical_volume() const { return padded_shape().volume(); }
const MemoryConfig& HostTensor::memory_config() const { return tensor_spec().memory_config(); }
bool HostTensor::is_sharded() const { return memory_config().is_sharded(); }
const std::optional<ShardSpec>& HostTensor::legacy_shard_spec() const { return memory_config().shard_spec(); }
const std::optional<NdShardSpec>& HostTensor::nd_shard_spec() const { return memory_config().nd_shard_spec(); }
Strides HostTensor::strides() const { return tensor_spec().tensor_layout().compute_strides(logical_shape()); }
void HostTensor::update_tensor_topology(TensorTopology tensor_topology) { impl().topology = std::move(tensor_topology); }

HostTensor HostTensor::transform(const std::function<HostBuffer(const HostBuffer&)>& callable) const {
  return HostTensor(buffer().transform(callable), tensor_spec(), tensor_topology());
}

std::size_t HostTensor::element_size() const { return detail::host_element_size(dtype()); }

}  // namespace tt::tt_metal
