// Plain configuration types: kernel configs, circular buffer configs, shard
// specs.
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/kernel_types.hpp>

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
