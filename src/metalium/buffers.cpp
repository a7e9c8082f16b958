// Buffers and mesh buffers on the device, and what kernels learn of them
// (TensorAccessorArgs).
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/experimental/per_core_allocation/buffer.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <array>
#include <atomic>
#include <mutex>
#include <cstdlib>
#include <string_view>
#include <optional>
#include <vector>

#include <tt_stl/assert.hpp>

#include "device/emu/page_map.h"
#include "device/program_checks.h"
#include "zyxtt/noc_addr.h"
#include "metalium/allocator_impl.h"
#include "metalium/backend.h"
#include "metalium/buffer_placement.h"
#include "metalium/program_impl.h"

namespace tt::tt_metal {

namespace model = zyxtt::program;

namespace {

std::atomic<size_t> next_buffer_id{1};

// Allocator::get_allocated_buffers lists `buffer` from now on (till unlist).
void list(Buffer* buffer, tt_metal::detail::BufferBacking& backing) {
  backing.listed_in = tt_metal::detail::allocated_buffers_of(buffer->device());
  std::lock_guard lock(backing.listed_in->mutex);
  backing.listed_in->buffers.insert(buffer);
}

void unlist(Buffer* buffer, tt_metal::detail::BufferBacking& backing) {
  if (!backing.listed_in) return;
  std::lock_guard lock(backing.listed_in->mutex);
  backing.listed_in->buffers.erase(buffer);
  backing.listed_in.reset();
}

}  // namespace

Buffer::Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
               const BufferShardingArgs& sharding_args, Private, std::optional<DeviceAddr> address)
    : device_(device),
      size_(size),
      buffer_type_(buffer_type),
      buffer_layout_(sharding_args.buffer_layout()),
      page_size_(page_size),
      shard_spec_(sharding_args.shard_spec()),
      buffer_distribution_spec_(sharding_args.buffer_distribution_spec()),
      unique_id_(next_buffer_id++) {
  TT_FATAL(device != nullptr, "A buffer needs a device");
  const tt_metal::detail::Placement placement =
      tt_metal::detail::buffer_placement(size, page_size, buffer_type, sharding_args);
  const model::BufferSpec& spec = placement.spec;
  auto backing = std::make_shared<tt_metal::detail::BufferBacking>();
  backing->device = tt_metal::detail::device_of(device);
  zyxtt::check_buffer(spec, backing->device->capabilities());
  if (experimental::per_core_allocation::is_per_core_allocation(sharding_args)) {
    TT_FATAL(!address, "A per-core buffer cannot be placed at a given address: its cores have addresses of their own");
    backing->freed = true;  // nothing is placed until every core's shard is
    backing_ = std::move(backing);
    allocate_per_core(sharding_args);
    list(this, *backing_);
    GraphTracker::instance().track_allocate(this);
    return;
  }
  backing->hooked = GraphTracker::instance().hook_allocate(this);
  if (!backing->hooked)
    backing->placed = address ? backing->device->allocate_at(spec, *address) : backing->device->allocate(spec);
  backing->pages_per_core = placement.pages_per_core;
  backing_ = std::move(backing);
  if (!backing_->hooked) list(this, *backing_);
  GraphTracker::instance().track_allocate(this);  // once allocated, as tt-metal reports it
}

void Buffer::allocate_per_core(const BufferShardingArgs& sharding_args) {
  const char* mode = std::getenv("TT_METAL_ALLOCATOR_MODE_HYBRID");
  TT_FATAL(mode != nullptr && std::string_view(mode) != "0" && std::string_view(mode) != "",
           "Per-core allocation requires the hybrid allocator: set TT_METAL_ALLOCATOR_MODE_HYBRID=1 before opening "
           "the device");
  TT_FATAL(buffer_type_ == BufferType::L1, "Per-core allocation is only supported for L1 buffers");
  TT_FATAL(shard_spec_.has_value() && !buffer_distribution_spec_ && is_sharded(buffer_layout_),
           "Per-core allocation requires a sharded buffer with a shard spec (its core grid)");
  // Each core's shard is a one-core buffer of a shard's pages. The emulator's
  // L1 allocator works in lock step, so each takes its range in every bank:
  // the addresses differ per core, as on silicon, at more L1 (docs/fidelity.md).
  const model::BufferSpec base = tt_metal::detail::buffer_placement(size_, page_size_, buffer_type_, {}).spec;
  const auto shard_pages = static_cast<uint32_t>(shard_spec_->num_pages());
  const std::vector<CoreCoord> cores = corerange_to_cores(
      shard_spec_->grid(), std::nullopt, shard_spec_->orientation() == ShardOrientation::ROW_MAJOR);
  TT_FATAL(!cores.empty(), "Per-core allocation: the shard grid has no cores");
  try {
    for (const CoreCoord& core : cores) {
      backing_->per_core.push_back(backing_->device->allocate(tt_metal::detail::flat_spec(base, {core}, shard_pages)));
      per_core_addresses_[core] = backing_->per_core.back().address;
    }
  } catch (...) {
    for (const auto& shard : backing_->per_core) backing_->device->free(shard);
    backing_->per_core.clear();
    throw;
  }
  backing_->freed = false;
  backing_->placed = backing_->per_core.front();
  per_core_allocation_ = true;
}

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
                                       const BufferShardingArgs& sharding_args, std::optional<bool>,
                                       std::optional<SubDeviceId>) {
  return std::make_shared<Buffer>(device, size, page_size, buffer_type, sharding_args, Private());
}

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                       BufferType buffer_type, const BufferShardingArgs& sharding_args,
                                       std::optional<bool>, std::optional<SubDeviceId>) {
  return std::make_shared<Buffer>(device, size, page_size, buffer_type, sharding_args, Private(), address);
}

Buffer::~Buffer() {
  try {
    deallocate();
  } catch (const std::exception&) {
    // A destructor cannot report it; the device reclaims everything at close.
  }
}

Allocator* Buffer::allocator() const {
  TT_FATAL(device_ != nullptr, "The buffer has no device, so no allocator");
  return device_->allocator().get();
}

bool Buffer::is_allocated() const { return backing_ && !backing_->freed; }

const tt_metal::detail::BufferBacking& Buffer::backing() const {
  TT_FATAL(is_allocated(), "Buffer {} is not allocated (it was deallocated)", unique_id_);
  return *backing_;
}

uint32_t Buffer::address() const { return static_cast<uint32_t>(backing().placed.address); }
uint32_t Buffer::num_pages() const { return page_size_ == 0 ? 0 : static_cast<uint32_t>(size_ / page_size_); }
uint32_t Buffer::num_dev_pages() const {
  if (buffer_distribution_spec_) return static_cast<uint32_t>(backing().pages_per_core * *num_cores());
  return num_pages();
}
HalMemType Buffer::memory_type() const { return is_dram() ? HalMemType::DRAM : HalMemType::L1; }
CoreType Buffer::core_type() const { return is_dram() ? CoreType::DRAM : CoreType::WORKER; }
bool Buffer::is_l1() const { return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL; }
bool Buffer::is_dram() const { return buffer_type_ == BufferType::DRAM; }

uint32_t Buffer::alignment() const {
  const zyxtt::Arch& arch = *backing().device->capabilities().arch;
  return is_dram() ? arch.dram_alignment : arch.l1_alignment;
}

DeviceAddr Buffer::aligned_page_size() const { return backing().placed.aligned_page_size; }
DeviceAddr Buffer::aligned_size() const { return DeviceAddr{num_pages()} * aligned_page_size(); }

DeviceAddr Buffer::aligned_size_per_bank() const {
  if (buffer_distribution_spec_) return backing().pages_per_core * aligned_page_size();
  if (shard_spec_) return shard_spec_->num_pages() * aligned_page_size();
  const zyxtt::Arch& arch = *backing().device->capabilities().arch;
  const uint64_t banks = zyxtt::emu::bank_count(is_dram() ? model::MemoryKind::kDram : model::MemoryKind::kL1, arch);
  return (num_pages() + banks - 1) / banks * aligned_page_size();
}

ShardSpecBuffer Buffer::shard_spec() const {
  TT_FATAL(shard_spec_.has_value(), "Buffer {} is not sharded: it has no shard spec", unique_id_);
  return *shard_spec_;
}

std::optional<uint32_t> Buffer::num_cores() const {
  if (buffer_distribution_spec_) return static_cast<uint32_t>(buffer_distribution_spec_->num_cores_with_data());
  if (!shard_spec_) return std::nullopt;
  return shard_spec_->grid().num_cores();
}

void Buffer::mark_as_deallocated() {
  if (!backing_) return;
  unlist(this, *backing_);
  backing_->freed = true;
}

void Buffer::deallocate() {
  if (!is_allocated()) return;
  unlist(this, *backing_);
  GraphTracker::instance().track_deallocate(this);
  if (GraphTracker::instance().hook_deallocate(this)) backing_->hooked = true;  // the hook took the free
  backing_->release();
}

const std::shared_ptr<const BufferPageMapping>& Buffer::get_buffer_page_mapping() {
  TT_FATAL(is_sharded(buffer_layout_), "Buffer {} is not sharded: it has no page mapping", unique_id_);
  if (!buffer_page_mapping_) buffer_page_mapping_ = std::make_shared<BufferPageMapping>(generate_buffer_page_mapping(*this));
  return buffer_page_mapping_;
}

UncompressedBufferPageMapping generate_buffer_page_mapping(const Buffer& buffer) {
  if (buffer.buffer_distribution_spec()) return buffer.buffer_distribution_spec()->compute_page_mapping();
  TT_FATAL(is_sharded(buffer.buffer_layout()) && buffer.has_shard_spec(),
           "A page mapping needs a sharded buffer with a shard spec");
  return tt_metal::detail::legacy_page_mapping(buffer.shard_spec(), buffer.buffer_layout());
}

void DeallocateBuffer(Buffer& buffer) { buffer.deallocate(); }

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config) {
  return Buffer::create(config.device, config.size, config.page_size, config.buffer_type);
}

std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config) {
  TT_FATAL(is_sharded(config.buffer_layout), "A ShardedBufferConfig needs a sharded layout, not INTERLEAVED");
  return Buffer::create(config.device, config.size, config.page_size, config.buffer_type,
                        BufferShardingArgs(config.shard_parameters, config.buffer_layout));
}

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address) {
  return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type);
}

std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address) {
  TT_FATAL(is_sharded(config.buffer_layout), "A ShardedBufferConfig needs a sharded layout, not INTERLEAVED");
  return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type,
                        BufferShardingArgs(config.shard_parameters, config.buffer_layout));
}

namespace {
void check_sub_device(SubDeviceId sub_device_id) {
  TT_FATAL(*sub_device_id == 0, "Sub-device {} does not exist: the emulator has one sub-device, 0", *sub_device_id);
}
}  // namespace

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id) {
  check_sub_device(sub_device_id);
  return CreateBuffer(config);
}

std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id) {
  check_sub_device(sub_device_id);
  return CreateBuffer(config);
}

// ---- TensorAccessorArgs ----------------------------------------------------------------

TensorAccessorArgs::TensorAccessorArgs(const Buffer& buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(&buffer), args_config_(args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const Buffer* buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer), args_config_(args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<Buffer>& buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer.get()), args_config_(args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer& buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer.get_reference_buffer()), args_config_(args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer* buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer ? buffer->get_reference_buffer() : nullptr), args_config_(args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<distributed::MeshBuffer>& buffer,
                                       tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer ? buffer->get_reference_buffer() : nullptr), args_config_(args_config) {}

TensorAccessorArgs TensorAccessorArgs::create_dram_interleaved() {
  TensorAccessorArgs args;
  args.interleaved_without_buffer_ = BufferType::DRAM;
  return args;
}

TensorAccessorArgs TensorAccessorArgs::create_l1_interleaved() {
  TensorAccessorArgs args;
  args.interleaved_without_buffer_ = BufferType::L1;
  return args;
}

std::vector<uint32_t> TensorAccessorArgs::get_compile_time_args() const {
  if (interleaved_without_buffer_) {  // page size 0: the kernel's TensorAccessor gives it
    return {*interleaved_without_buffer_ == BufferType::DRAM ? static_cast<uint32_t>(tensor_accessor::ArgConfig::IsDram)
                                                             : 0u,
            0u};
  }
  TT_FATAL(buffer_ != nullptr, "TensorAccessorArgs has no buffer");
  TT_FATAL(args_config_ == tensor_accessor::ArgConfig::None,
           "TensorAccessorArgs with runtime fields (ArgsConfig {}) are not emulated", args_config_.raw());
  const uint32_t config = buffer_->is_dram() ? static_cast<uint32_t>(tensor_accessor::ArgConfig::IsDram) : 0u;
  const auto page = static_cast<uint32_t>(buffer_->aligned_page_size());
  if (!is_sharded(buffer_->buffer_layout())) return {config, page};

  // The tensor and a shard in pages (outermost first), then the banks: the
  // cores shards go to, in shard order, as NOC coordinates (a DRAM channel's:
  // the emulator's endpoint of its bank, noc_addr.h).
  std::vector<uint32_t> tensor, shard;
  std::vector<CoreCoord> cores;
  if (const auto& nd = buffer_->buffer_distribution_spec()) {
    tensor.assign(nd->tensor_shape_in_pages().cbegin(), nd->tensor_shape_in_pages().cend());
    shard.assign(nd->shard_shape_in_pages().cbegin(), nd->shard_shape_in_pages().cend());
    cores = nd->cores();
  } else {
    const ShardSpecBuffer spec = buffer_->shard_spec();
    const std::array<uint32_t, 2> shape = spec.shape_in_pages();
    tensor = {spec.tensor2d_shape_in_pages[0], spec.tensor2d_shape_in_pages[1]};
    shard = {shape[0], shape[1]};
    cores = corerange_to_cores(spec.grid(), std::nullopt, spec.orientation() == ShardOrientation::ROW_MAJOR);
  }
  std::vector<uint32_t> words = {config | static_cast<uint32_t>(tensor_accessor::ArgConfig::Sharded), page,
                                 static_cast<uint32_t>(tensor.size()), static_cast<uint32_t>(cores.size())};
  words.insert(words.end(), tensor.begin(), tensor.end());
  words.insert(words.end(), shard.begin(), shard.end());
  auto packed = [&](size_t k) {
    const CoreCoord c = buffer_->is_dram() ? CoreCoord(zyxtt::noc::kDramX, cores[k].x)
                                           : buffer_->device()->worker_core_from_logical_core(cores[k]);
    return static_cast<uint32_t>(((c.x & 0xff) << 8) | (c.y & 0xff));
  };
  for (size_t i = 0; i < cores.size(); i += 2) words.push_back(packed(i) | (i + 1 < cores.size() ? packed(i + 1) << 16 : 0u));
  return words;
}

std::vector<uint32_t> TensorAccessorArgs::get_common_runtime_args() const { return {}; }

void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args) const {
  const auto words = get_compile_time_args();
  compile_time_args.insert(compile_time_args.end(), words.begin(), words.end());
}

void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args, std::vector<uint32_t>&) const {
  append_to(compile_time_args);
}

}  // namespace tt::tt_metal

// ---- MeshBuffer ------------------------------------------------------------------------

namespace tt::tt_metal::distributed {

uint32_t ShardedBufferConfig::compute_datum_size_bytes() const {
  const size_t datums = global_buffer_shape.height() * global_buffer_shape.width();
  TT_FATAL(datums > 0, "A sharded mesh buffer needs a global buffer shape, not {} x {}", global_buffer_shape.height(),
           global_buffer_shape.width());
  return static_cast<uint32_t>(global_size / datums);
}

std::pair<bool, bool> ShardedBufferConfig::replicated_dims() const {
  return {shard_shape.height() == 0, shard_shape.width() == 0};
}

Shape2D ShardedBufferConfig::physical_shard_shape() const {
  return {shard_shape.height() == 0 ? global_buffer_shape.height() : shard_shape.height(),
          shard_shape.width() == 0 ? global_buffer_shape.width() : shard_shape.width()};
}

namespace {

// Bytes each device holds of a sharded buffer; throws as tt-metal does when
// the shards do not tile the buffer or need more devices than the mesh has.
DeviceAddr shard_bytes(const ShardedBufferConfig& c, const MeshDevice& mesh) {
  const Shape2D shard = c.physical_shard_shape();
  const Shape2D global = c.global_buffer_shape;
  TT_FATAL(global.height() % shard.height() == 0 && global.width() % shard.width() == 0,
           "Global buffer shape must be aligned with the shard shape: buffer ({}, {}), shard ({}, {})", global.height(),
           global.width(), shard.height(), shard.width());
  size_t shards = (global.height() / shard.height()) * (global.width() / shard.width());
  const auto [height_replicated, width_replicated] = c.replicated_dims();
  if (height_replicated && width_replicated) {
    shards *= mesh.num_devices();
  } else if (height_replicated || width_replicated) {
    shards *= c.shard_orientation == ShardOrientation::ROW_MAJOR ? mesh.num_rows() : mesh.num_cols();
  }
  TT_FATAL(shards <= mesh.num_devices(), "The sharded buffer does not fit on the mesh: {} shards, {} devices", shards,
           mesh.num_devices());
  return DeviceAddr{c.compute_datum_size_bytes()} * shard.height() * shard.width();
}

}  // namespace

MeshBuffer::MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config,
                       DeviceAddr device_local_size, MeshDevice* mesh_device, std::vector<std::shared_ptr<Buffer>> buffers)
    : config_(config),
      device_local_config_(device_local_config),
      mesh_device_(mesh_device->shared_from_this()),
      device_local_size_(device_local_size),
      device_buffers_(std::move(buffers)) {
  // The first device this rank holds (a mesh over several ranks holds some).
  for (const auto& buffer : device_buffers_)
    if (buffer) {
      backing_buffer_ = buffer;
      break;
    }
  address_ = backing_buffer_->address();
}

std::shared_ptr<MeshBuffer> MeshBuffer::create(const MeshBufferConfig& mesh_buffer_config,
                                               const DeviceLocalBufferConfig& device_local_config,
                                               MeshDevice* mesh_device, std::optional<DeviceAddr> address) {
  TT_FATAL(mesh_device != nullptr, "MeshBuffer::create needs a mesh device");
  const DeviceAddr size = std::visit(
      [&](const auto& c) -> DeviceAddr {
        if constexpr (std::is_same_v<std::decay_t<decltype(c)>, ReplicatedBufferConfig>) {
          return c.size;
        } else {
          return shard_bytes(c, *mesh_device);
        }
      },
      mesh_buffer_config);
  // Every device holds its part at one address, as kernels take one address:
  // the first device picks it (unless given), the others take the same. A
  // device of another rank has no buffer here; that rank places its own at
  // the same address, as the ranks allocate in lock step.
  std::vector<std::shared_ptr<Buffer>> buffers;
  std::optional<DeviceAddr> chosen = address;
  size_t placed = 0;
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_device->shape())) {
    if (!mesh_device->is_local(coord)) {
      buffers.push_back(nullptr);
      continue;
    }
    IDevice* device = mesh_device->get_device(coord);
    const std::optional<DeviceAddr> at = chosen;
    try {
      buffers.push_back(at ? Buffer::create(device, *at, size, device_local_config.page_size,
                                            device_local_config.buffer_type, device_local_config.sharding_args)
                           : Buffer::create(device, size, device_local_config.page_size,
                                            device_local_config.buffer_type, device_local_config.sharding_args));
      chosen = buffers.back()->address();
      ++placed;
    } catch (const std::exception& e) {
      TT_THROW("MeshBuffer::create on device {} of the mesh: {}{}", device->id(), e.what(),
               placed == 0 ? "" : " (its chips allocate in lock step; buffers placed on one chip alone, through a "
                                      "unit mesh of it, can take the address the others chose)");
    }
  }
  return std::shared_ptr<MeshBuffer>(
      new MeshBuffer(mesh_buffer_config, device_local_config, size, mesh_device, std::move(buffers)));
}

MeshBuffer::~MeshBuffer() = default;

bool MeshBuffer::is_allocated() const { return backing_buffer_ && backing_buffer_->is_allocated(); }
void MeshBuffer::deallocate() {
  for (const auto& buffer : device_buffers_)
    if (buffer) DeallocateBuffer(*buffer);
}
MeshDevice* MeshBuffer::device() const {
  auto d = mesh_device_.lock();
  TT_FATAL(d != nullptr, "The mesh device of this buffer was destroyed");
  return d.get();
}
DeviceAddr MeshBuffer::size() const {
  return global_layout() == MeshBufferLayout::SHARDED ? global_shard_spec().global_size : device_local_size_;
}
MeshBufferLayout MeshBuffer::global_layout() const {
  return std::holds_alternative<ReplicatedBufferConfig>(config_) ? MeshBufferLayout::REPLICATED
                                                                  : MeshBufferLayout::SHARDED;
}
const ShardedBufferConfig& MeshBuffer::global_shard_spec() const {
  TT_FATAL(global_layout() == MeshBufferLayout::SHARDED, "Can only query the global shard spec for a sharded MeshBuffer");
  return std::get<ShardedBufferConfig>(config_);
}
Buffer* MeshBuffer::get_device_buffer(const MeshCoordinate& device_coord) const {
  const MeshShape& shape = device()->shape();
  const MeshCoordinateRange all(shape);
  TT_FATAL(device_coord.dims() == shape.dims() && all.contains(device_coord),
           "Mesh coordinate {} is outside the buffer's {} mesh", device_coord, shape);
  Buffer* buffer = device_buffers_.at(device_coord.to_linear_index(shape)).get();
  TT_FATAL(buffer != nullptr, "Mesh coordinate {} is a device of another rank; this rank holds its own devices' "
           "buffers only (MeshDevice::is_local)", device_coord);
  return buffer;
}
Buffer* MeshBuffer::get_reference_buffer() const { return backing_buffer_.get(); }
Buffer* MeshBuffer::get_backing_buffer() const { return backing_buffer_.get(); }

}  // namespace tt::tt_metal::distributed
