// Plain configuration types: kernel configs, circular buffer configs, shard
// specs, mesh coordinates.
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/mesh_coord.hpp>

#include <algorithm>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

namespace {

// A data movement kernel on its processor's dedicated NOC: what the reader
// and writer configs preset.
DataMovementConfig on_dedicated_noc(DataMovementProcessor processor, NOC noc, std::vector<uint32_t> compile_args,
                                    std::map<std::string, std::string> defines,
                                    std::unordered_map<std::string, uint32_t> named_compile_args,
                                    KernelBuildOptLevel opt_level,
                                    std::vector<std::filesystem::path> compiler_include_paths) {
  return DataMovementConfig{.processor = processor,
                            .noc = noc,
                            .noc_mode = NOC_MODE::DM_DEDICATED_NOC,
                            .compile_args = std::move(compile_args),
                            .defines = std::move(defines),
                            .named_compile_args = std::move(named_compile_args),
                            .opt_level = opt_level,
                            .compiler_include_paths = std::move(compiler_include_paths)};
}

}  // namespace

ReaderDataMovementConfig::ReaderDataMovementConfig(std::vector<uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   std::unordered_map<std::string, uint32_t> named_compile_args,
                                                   KernelBuildOptLevel opt_level,
                                                   std::vector<std::filesystem::path> compiler_include_paths)
    : DataMovementConfig(on_dedicated_noc(DataMovementProcessor::RISCV_1, NOC::NOC_0, std::move(compile_args),
                                          std::move(defines), std::move(named_compile_args), opt_level,
                                          std::move(compiler_include_paths))) {}

WriterDataMovementConfig::WriterDataMovementConfig(std::vector<uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   std::unordered_map<std::string, uint32_t> named_compile_args,
                                                   KernelBuildOptLevel opt_level,
                                                   std::vector<std::filesystem::path> compiler_include_paths)
    : DataMovementConfig(on_dedicated_noc(DataMovementProcessor::RISCV_0, NOC::NOC_1, std::move(compile_args),
                                          std::move(defines), std::move(named_compile_args), opt_level,
                                          std::move(compiler_include_paths))) {}

// ---- CircularBufferConfig ----------------------------------------------------------

CircularBufferConfig::CircularBufferConfig(uint32_t total_size,
                                           const std::map<uint8_t, tt::DataFormat>& data_format_spec)
    : total_size_(total_size) {
  set_config(data_format_spec);
}

CircularBufferConfig::CircularBufferConfig(uint32_t total_size) : total_size_(total_size) {}

CircularBufferConfig::CircularBufferConfig(uint32_t total_size,
                                           const std::map<uint8_t, tt::DataFormat>& data_format_spec,
                                           const Buffer& buffer)
    : total_size_(total_size) {
  set_config(data_format_spec);
  set_globally_allocated_address(buffer);
}

void CircularBufferConfig::check_index(uint8_t buffer_index) const {
  if (buffer_index > NUM_CIRCULAR_BUFFERS - 1) {
    TT_THROW("Buffer index ({}) exceeds max number of circular buffers per core ({})", buffer_index,
             NUM_CIRCULAR_BUFFERS);
  }
}

void CircularBufferConfig::set_config(const std::map<uint8_t, tt::DataFormat>& data_format_spec) {
  for (const auto& [index, format] : data_format_spec) {
    check_index(index);
    data_formats_[index] = format;
    buffer_indices_.insert(index);
    local_buffer_indices_.insert(index);
  }
}

CircularBufferConfig& CircularBufferConfig::set_page_size(uint8_t buffer_index, uint32_t page_size) {
  check_index(buffer_index);
  if (!buffer_indices_.contains(buffer_index)) {
    TT_THROW(
        "Illegal circular buffer index {}. Page size can only be specified for buffer indices configured during "
        "config creation",
        buffer_index);
  }
  if (page_size == 0 || total_size_ % page_size != 0) {
    TT_THROW(
        "Failed allocation attempt on buffer index {}. Total circular buffer size {} B must be divisible by page "
        "size {} B",
        buffer_index, total_size_, page_size);
  }
  page_sizes_[buffer_index] = page_size;
  return *this;
}

CircularBufferConfig& CircularBufferConfig::set_tile_dims(uint8_t buffer_index, const Tile& tile) {
  check_index(buffer_index);
  tiles_[buffer_index] = tile;
  return *this;
}

CircularBufferConfig& CircularBufferConfig::set_total_size(uint32_t total_size) {
  if (dynamic_cb_) {
    TT_FATAL(total_size <= max_size_,
             "Cannot set circular buffer size to {}. This is larger than the associated dynamically allocated L1 "
             "buffer bank size of {} B",
             total_size, max_size_);
  }
  total_size_ = total_size;
  return *this;
}

CircularBufferConfig& CircularBufferConfig::set_globally_allocated_address(const Buffer& buffer) {
  return set_globally_allocated_address_and_total_size(buffer, total_size_);
}

CircularBufferConfig& CircularBufferConfig::set_globally_allocated_address_and_total_size(const Buffer& buffer,
                                                                                          uint32_t total_size) {
  if (!buffer.is_l1()) TT_THROW("Only L1 buffers can have an associated circular buffer!");
  globally_allocated_address_ = buffer.address();
  dynamic_cb_ = true;
  max_size_ = static_cast<uint32_t>(buffer.aligned_size_per_bank());
  buffer_size_ = static_cast<uint32_t>(buffer.aligned_size());
  shadow_global_buffer = &buffer;
  return set_total_size(total_size);
}

uint32_t CircularBufferConfig::total_size() const { return total_size_; }
std::optional<uint32_t> CircularBufferConfig::globally_allocated_address() const { return globally_allocated_address_; }
const std::unordered_set<uint8_t>& CircularBufferConfig::buffer_indices() const { return buffer_indices_; }
const std::unordered_set<uint8_t>& CircularBufferConfig::local_buffer_indices() const { return local_buffer_indices_; }
const std::unordered_set<uint8_t>& CircularBufferConfig::remote_buffer_indices() const {
  return remote_buffer_indices_;
}
const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::data_formats() const {
  return data_formats_;
}
const std::array<std::optional<uint32_t>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::page_sizes() const {
  return page_sizes_;
}
const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::tiles() const { return tiles_; }
bool CircularBufferConfig::dynamic_cb() const { return dynamic_cb_; }
uint32_t CircularBufferConfig::max_size() const { return max_size_; }
uint32_t CircularBufferConfig::buffer_size() const { return buffer_size_; }
uint32_t CircularBufferConfig::address_offset() const { return address_offset_; }
void CircularBufferConfig::set_address_offset(uint32_t offset) { address_offset_ = offset; }

CircularBufferConfig::Builder::Builder(CircularBufferConfig& parent, uint8_t buffer_index)
    : parent_(parent), buffer_index_(buffer_index) {
  parent_.check_index(buffer_index);
  parent_.buffer_indices_.insert(buffer_index);
  parent_.local_buffer_indices_.insert(buffer_index);
}
CircularBufferConfig::Builder CircularBufferConfig::Builder::LocalBuilder(CircularBufferConfig& parent,
                                                                          uint8_t buffer_index) {
  return Builder(parent, buffer_index);
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_data_format(tt::DataFormat format) const {
  parent_.data_formats_[buffer_index_] = format;
  return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_total_size(uint32_t total_size) const {
  parent_.set_total_size(total_size);
  return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_page_size(uint32_t page_size) const {
  parent_.set_page_size(buffer_index_, page_size);
  return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_tile_dims(const Tile& tile) const {
  parent_.set_tile_dims(buffer_index_, tile);
  return *this;
}
CircularBufferConfig::Builder CircularBufferConfig::index(uint8_t buffer_index) {
  return Builder::LocalBuilder(*this, buffer_index);
}

bool operator==(const CircularBufferConfig& a, const CircularBufferConfig& b) {
  return a.total_size_ == b.total_size_ && a.globally_allocated_address_ == b.globally_allocated_address_ &&
         a.data_formats_ == b.data_formats_ && a.page_sizes_ == b.page_sizes_ && a.tiles_ == b.tiles_ && a.buffer_indices_ == b.buffer_indices_ &&
         a.dynamic_cb_ == b.dynamic_cb_ && a.max_size_ == b.max_size_ && a.buffer_size_ == b.buffer_size_ &&
         a.address_offset_ == b.address_offset_;
}
bool operator!=(const CircularBufferConfig& a, const CircularBufferConfig& b) { return !(a == b); }

// ---- Shard specs ---------------------------------------------------------------------

bool ShardSpec::operator==(const ShardSpec& o) const {
  return grid == o.grid && shape == o.shape && orientation == o.orientation;
}
bool ShardSpec::operator!=(const ShardSpec& o) const { return !(*this == o); }

std::ostream& operator<<(std::ostream& os, const ShardSpec& spec) {
  return os << "ShardSpec(grid=" << spec.grid.str() << ", shape={" << spec.shape[0] << ", " << spec.shape[1]
            << "}, orientation=" << (spec.orientation == ShardOrientation::ROW_MAJOR ? "ROW_MAJOR" : "COL_MAJOR")
            << ")";
}

std::array<uint32_t, 2> ShardSpecBuffer::shape_in_pages() const {
  TT_FATAL(page_shape[0] != 0 && page_shape[1] != 0, "Page shape must be nonzero, got {}x{}", page_shape[0],
           page_shape[1]);
  return {tensor_shard_spec.shape[0] / page_shape[0], tensor_shard_spec.shape[1] / page_shape[1]};
}

DeviceAddr ShardSpecBuffer::num_pages() const {
  const auto s = shape_in_pages();
  return DeviceAddr{s[0]} * s[1];
}

bool is_sharded(const TensorMemoryLayout& layout) { return layout != TensorMemoryLayout::INTERLEAVED; }

}  // namespace tt::tt_metal

// ---- Mesh coordinates ------------------------------------------------------------------

namespace tt::tt_metal::distributed {

MeshShape::MeshShape(uint32_t s) : dims_{s} {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1) : dims_{s0, s1} {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1, uint32_t s2) : dims_{s0, s1, s2} {}
MeshShape::MeshShape(std::initializer_list<uint32_t> ilist) : dims_(ilist) {}
MeshShape::MeshShape(ttsl::Span<const uint32_t> span) : dims_(span.begin(), span.end()) {}

size_t MeshShape::mesh_size() const {
  size_t n = 1;
  for (uint32_t d : dims_) n *= d;
  return dims_.empty() ? 0 : n;
}

size_t MeshShape::get_stride(size_t dim) const {
  TT_FATAL(dim < dims_.size(), "MeshShape::get_stride: dimension {} of a {}-dimensional shape", dim, dims_.size());
  size_t stride = 1;
  for (size_t d = dim + 1; d < dims_.size(); ++d) stride *= dims_[d];
  return stride;
}

uint32_t MeshShape::operator[](int32_t dim) const {
  const auto i = dim < 0 ? static_cast<int32_t>(dims_.size()) + dim : dim;
  TT_FATAL(i >= 0 && static_cast<size_t>(i) < dims_.size(), "Dimension {} is out of a {}-D shape", dim, dims_.size());
  return dims_[static_cast<size_t>(i)];
}

namespace {
std::ostream& print_dims(std::ostream& os, const char* type, ttsl::Span<const uint32_t> dims) {
  os << type << "([";
  for (size_t i = 0; i < dims.size(); ++i) os << (i ? ", " : "") << dims[i];
  return os << "])";
}
}  // namespace

std::ostream& operator<<(std::ostream& os, const MeshShape& shape) { return print_dims(os, "MeshShape", shape.view()); }
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& coord) {
  return print_dims(os, "MeshCoordinate", coord.coords());
}

MeshCoordinate::MeshCoordinate(uint32_t c) : value_{c} {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1) : value_{c0, c1} {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2) : value_{c0, c1, c2} {}
MeshCoordinate::MeshCoordinate(ttsl::Span<const uint32_t> coords) : value_(coords.begin(), coords.end()) {}
MeshCoordinate MeshCoordinate::zero_coordinate(size_t dimensions) {
  const std::vector<uint32_t> zeros(dimensions, 0);
  return MeshCoordinate(ttsl::Span<const uint32_t>(zeros));
}

size_t MeshCoordinate::to_linear_index(const MeshShape& shape) const {
  TT_FATAL(dims() == shape.dims(), "Coordinate {} has {} dimensions, the shape {} has {}", *this, dims(), shape,
           shape.dims());
  size_t index = 0;
  for (size_t d = 0; d < dims(); ++d) {
    TT_FATAL(value_[d] < shape[static_cast<int32_t>(d)], "Coordinate {} is outside the shape {}", *this, shape);
    index = index * shape[static_cast<int32_t>(d)] + value_[d];
  }
  return index;
}

uint32_t MeshCoordinate::operator[](int32_t dim) const {
  const auto i = dim < 0 ? static_cast<int32_t>(value_.size()) + dim : dim;
  TT_FATAL(i >= 0 && static_cast<size_t>(i) < value_.size(), "Dimension {} is out of a {}-D coordinate", dim,
           value_.size());
  return value_[static_cast<size_t>(i)];
}
uint32_t& MeshCoordinate::operator[](int32_t dim) {
  const auto i = dim < 0 ? static_cast<int32_t>(value_.size()) + dim : dim;
  TT_FATAL(i >= 0 && static_cast<size_t>(i) < value_.size(), "Dimension {} is out of a {}-D coordinate", dim,
           value_.size());
  return value_[static_cast<size_t>(i)];
}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end)
    : start_(start), end_(end) {
  TT_FATAL(start.dims() == end.dims(), "Start and end coordinates of a range differ in dimensions: {} and {}",
           start.dims(), end.dims());
  for (size_t i = 0; i < start.dims(); ++i) {
    TT_FATAL(start[static_cast<int32_t>(i)] <= end[static_cast<int32_t>(i)],
             "Start coordinate is past the end coordinate in dimension {}", i);
  }
}

namespace {
MeshCoordinate last_of(const MeshShape& shape) {
  std::vector<uint32_t> v;
  for (uint32_t d : shape.view()) {
    TT_FATAL(d > 0, "A mesh shape has no zero dimension");
    v.push_back(d - 1);
  }
  return MeshCoordinate(ttsl::Span<const uint32_t>(v));
}
}  // namespace

MeshCoordinateRange::MeshCoordinateRange(const MeshShape& shape)
    : MeshCoordinateRange(MeshCoordinate::zero_coordinate(shape.dims()), last_of(shape)) {}
MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& coord) : MeshCoordinateRange(coord, coord) {}

MeshShape MeshCoordinateRange::shape() const {
  std::vector<uint32_t> v;
  for (size_t i = 0; i < dims(); ++i) v.push_back(end_.coords()[i] - start_.coords()[i] + 1);
  return MeshShape(ttsl::Span<const uint32_t>(v));
}

bool MeshCoordinateRange::contains(const MeshCoordinate& c) const {
  if (c.dims() != dims()) return false;
  for (size_t i = 0; i < dims(); ++i) {
    if (c.coords()[i] < start_.coords()[i] || c.coords()[i] > end_.coords()[i]) return false;
  }
  return true;
}
bool MeshCoordinateRange::contains(const MeshCoordinateRange& r) const {
  return contains(r.start_) && contains(r.end_);
}

MeshCoordinateRange::Iterator MeshCoordinateRange::begin() const { return Iterator(this, start_, 0); }
MeshCoordinateRange::Iterator MeshCoordinateRange::end() const { return Iterator(this, start_, shape().mesh_size()); }

MeshCoordinateRange::Iterator& MeshCoordinateRange::Iterator::operator++() {
  ++index_;
  for (int32_t d = static_cast<int32_t>(current_.dims()) - 1; d >= 0; --d) {
    if (current_[d] < range_->end_coord()[d]) {
      ++current_[d];
      return *this;
    }
    current_[d] = range_->start_coord()[d];
  }
  return *this;
}

MeshCoordinateRange::Iterator MeshCoordinateRange::Iterator::operator++(int) {
  Iterator before = *this;
  ++*this;
  return before;
}

}  // namespace tt::tt_metal::distributed

std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinate>::operator()(
    const tt::tt_metal::distributed::MeshCoordinate& c) const noexcept {
  std::size_t seed = c.dims();
  for (uint32_t v : c.coords()) seed = seed * 1000003u + v;
  return seed;
}
std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRange>::operator()(
    const tt::tt_metal::distributed::MeshCoordinateRange& r) const noexcept {
  const std::hash<tt::tt_metal::distributed::MeshCoordinate> h;
  return h(r.start_coord()) * 31 + h(r.end_coord());
}
