// Devices, command queues and workloads: meshes of the emulated cluster's
// chips, whose queues run their commands in order on a thread each
// (command_queue_executor.h).
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/tt_metal.hpp>

#include <algorithm>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>

#include <fmt/ranges.h>
#include <tt_stl/assert.hpp>

#include "device/arch.h"
#include "zyxtt/noc_addr.h"
#include "metalium/allocator_impl.h"
#include "metalium/backend.h"
#include "metalium/device_profiler.h"
#include "metalium/emulator_options.h"
#include "metalium/kernel_paths.h"
#include "metalium/mesh_device_impl.h"
#include "metalium/page_runs.h"
#include "metalium/program_impl.h"
#include "metalium/rank_share.h"

namespace tt::tt_metal::distributed {


namespace {
// Throws unless the emulated cluster has chip `id`.
void check_device_id(int id) {
  const zyxtt::cluster::Cluster& cluster = zyxtt::metalium::emulated_cluster();
  TT_FATAL(id >= 0 && static_cast<size_t>(id) < cluster.size(),
           "Device {} does not exist: the emulated cluster {} has devices 0 to {} (ZYX_TT_CLUSTER or "
           "TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)",
           id, cluster.source(), cluster.size() - 1);
  const zyxtt::cluster::RankShare& share = zyxtt::metalium::rank_share();
  TT_FATAL(share.local(static_cast<uint32_t>(id)),
           "Device {} is emulated by rank {}; this rank ({} of {}) emulates devices [{}] (TT_VISIBLE_DEVICES, "
           "ZYX_TT_RANK_BINDING)",
           id, share.owner[static_cast<size_t>(id)], share.rank, share.ranks,
           fmt::format("{}", fmt::join(share.chips_of(share.rank), ", ")));
}

// The first chip of `chips` this rank holds (a mesh over several ranks holds
// some; the others are null).
const std::shared_ptr<MeshDevice>& first_local(const std::vector<std::shared_ptr<MeshDevice>>& chips) {
  for (const auto& chip : chips)
    if (chip) return chip;
  TT_THROW("A mesh of {} devices holds none of this rank's", chips.size());
}

// Fabric node ids of `chip_ids` (all of them, this rank's or not).
std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids_of_chips(const std::vector<int>& chip_ids) {
  std::vector<tt::tt_fabric::FabricNodeId> out;
  for (int id : chip_ids) out.push_back(tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(id));
  return out;
}

// Every chip's unit mesh while it lives (GetActiveDevice looks chips up here).
std::mutex chips_mutex;
std::map<int, MeshDevice*>& live_chips() {
  static auto* m = new std::map<int, MeshDevice*>;  // never destroyed: chips may outlive static destructors
  return *m;
}

MeshDevice* live_chip(int device_id) {
  std::lock_guard lock(chips_mutex);
  const auto it = live_chips().find(device_id);
  return it == live_chips().end() ? nullptr : it->second;
}
}  // namespace

MeshDevice::MeshDevice(int device_id, Private) : pimpl_(std::make_unique<MeshDeviceImpl>(device_id, this)) {
  check_device_id(device_id);
  pimpl_->device = zyxtt::metalium::open_device(static_cast<uint32_t>(device_id));
  pimpl_->view = std::make_unique<MeshDeviceView>(pimpl_->shape, get_devices());
  std::lock_guard lock(chips_mutex);
  live_chips()[device_id] = this;
}

MeshDevice::MeshDevice(const MeshShape& shape, std::vector<std::shared_ptr<MeshDevice>> chips,
                       const std::vector<int>& chip_ids, Private)
    : pimpl_(std::make_unique<MeshDeviceImpl>(first_local(chips)->id(), this)) {
  pimpl_->device = first_local(chips)->impl().device;
  pimpl_->arrange(shape, std::move(chips), chip_ids);
}

void MeshDeviceImpl::arrange(const MeshShape& new_shape, std::vector<std::shared_ptr<MeshDevice>> new_chips,
                             std::vector<int> new_chip_ids) {
  TT_FATAL(new_chips.size() == new_shape.mesh_size() && new_chip_ids.size() == new_shape.mesh_size(),
           "A {} mesh needs {} chips, not {} ({} ids)", new_shape, new_shape.mesh_size(), new_chips.size(),
           new_chip_ids.size());
  std::vector<IDevice*> devices;
  for (const auto& chip : new_chips) devices.push_back(chip.get());
  view = std::make_unique<MeshDeviceView>(new_shape, devices, fabric_node_ids_of_chips(new_chip_ids));
  shape = new_shape;
  chips = std::move(new_chips);
  chip_ids = std::move(new_chip_ids);
}

MeshDevice::~MeshDevice() {
  std::lock_guard lock(chips_mutex);
  const auto it = live_chips().find(pimpl_->id);
  if (it != live_chips().end() && it->second == this) live_chips().erase(it);
}

tt::ARCH MeshDevice::arch() const { return tt::ARCH::BLACKHOLE; }
int MeshDevice::id() const { return pimpl_->id; }
ChipId MeshDevice::build_id() const { return get_devices().front()->id(); }
bool MeshDevice::is_initialized() const { return pimpl_->device != nullptr; }
int MeshDevice::num_dram_channels() const { return static_cast<int>(pimpl_->arch().dram_banks); }
uint32_t MeshDevice::l1_size_per_core() const { return static_cast<uint32_t>(pimpl_->arch().l1_bytes); }
uint32_t MeshDevice::dram_size_per_channel() const { return static_cast<uint32_t>(pimpl_->arch().dram_bank_bytes); }
CoreCoord MeshDevice::grid_size() const { return compute_with_storage_grid_size(); }
CoreCoord MeshDevice::logical_grid_size() const { return compute_with_storage_grid_size(); }
CoreCoord MeshDevice::dram_grid_size() const { return {pimpl_->arch().dram_banks, 1}; }
CoreCoord MeshDevice::compute_with_storage_grid_size() const {
  return {pimpl_->arch().grid_cols, pimpl_->arch().grid_rows};
}

CoreCoord MeshDevice::worker_core_from_logical_core(const CoreCoord& c) const {
  const CoreCoord grid = compute_with_storage_grid_size();
  TT_FATAL(c.x < grid.x && c.y < grid.y, "Logical core {} is outside the {} x {} worker grid", c.str(), grid.x, grid.y);
  const zyxtt::GridXY noc =
      zyxtt::worker_noc(pimpl_->arch(), static_cast<uint32_t>(c.x), static_cast<uint32_t>(c.y));
  return {noc.x, noc.y};
}

std::vector<CoreCoord> MeshDevice::worker_cores_from_logical_cores(const std::vector<CoreCoord>& cores) const {
  std::vector<CoreCoord> out;
  for (const CoreCoord& c : cores) out.push_back(worker_core_from_logical_core(c));
  return out;
}

CoreCoord MeshDevice::virtual_core_from_logical_core(const CoreCoord& c, const CoreType& core_type) const {
  if (core_type == CoreType::ETH) return ethernet_core_from_logical_core(c);
  TT_FATAL(core_type == CoreType::WORKER || core_type == CoreType::TENSIX,
           "Only worker and ethernet cores are emulated: no core of type {}", static_cast<int>(core_type));
  return worker_core_from_logical_core(c);
}

CoreCoord MeshDevice::logical_core_from_dram_channel(uint32_t dram_channel) const {
  TT_FATAL(dram_channel < pimpl_->arch().dram_banks, "DRAM channel {} does not exist ({} channels)", dram_channel,
           pimpl_->arch().dram_banks);
  return {dram_channel, 0};
}

uint32_t MeshDevice::dram_channel_from_logical_core(const CoreCoord& c) const {
  TT_FATAL(c.y == 0 && c.x < pimpl_->arch().dram_banks, "Logical DRAM core {} does not exist", c.str());
  return static_cast<uint32_t>(c.x);
}

uint32_t MeshDevice::dram_channel_from_virtual_core(const CoreCoord& c) const {
  TT_FATAL(c.x == zyxtt::noc::kDramX && c.y < pimpl_->arch().dram_banks, "Virtual core {} is not a DRAM core",
           c.str());
  return static_cast<uint32_t>(c.y);
}

const std::unique_ptr<Allocator>& MeshDevice::allocator() const { return pimpl_->allocator; }

CommandQueue& MeshDevice::command_queue(size_t cq_id) {
  TT_FATAL(cq_id == 0, "Command queue {} does not exist: the device has one, 0", cq_id);
  return pimpl_->legacy_queue;
}

bool MeshDevice::close() {
  for (const auto& submesh : get_submeshes()) submesh->close();
  pimpl_->drain_queues();
  if (is_parent_mesh())
    for (const auto& chip : pimpl_->chips)
      if (chip) chip->close();
  pimpl_->device.reset();
  zyxtt::metalium::dump_device_profile();  // as tt-metal reads the profiler at close
  return true;
}

size_t MeshDevice::num_devices() const { return pimpl_->shape.mesh_size(); }
size_t MeshDevice::num_rows() const { return pimpl_->shape.dims() < 2 ? 1 : pimpl_->shape[0]; }
size_t MeshDevice::num_cols() const { return pimpl_->shape[static_cast<int32_t>(pimpl_->shape.dims()) - 1]; }

std::vector<IDevice*> MeshDevice::get_devices() const {
  if (pimpl_->chips.empty()) return {const_cast<MeshDevice*>(this)};
  std::vector<IDevice*> out;
  for (const auto& chip : pimpl_->chips)
    if (chip) out.push_back(chip.get());  // this rank's
  return out;
}
std::vector<int> MeshDevice::get_device_ids() const {
  std::vector<int> out;
  for (IDevice* device : get_devices()) out.push_back(device->id());
  return out;
}
IDevice* MeshDevice::get_device(const MeshCoordinate& coord) const {
  TT_FATAL(coord.dims() == pimpl_->shape.dims() && MeshCoordinateRange(pimpl_->shape).contains(coord),
           "Device {} is outside the {} mesh", coord, pimpl_->shape);
  if (pimpl_->chips.empty()) return const_cast<MeshDevice*>(this);
  IDevice* chip = pimpl_->chips[coord.to_linear_index(pimpl_->shape)].get();
  TT_FATAL(chip != nullptr, "Cannot get device for remote device at coordinate {}: another rank emulates it", coord);
  return chip;
}
IDevice* MeshDevice::get_device(size_t row, size_t col) const {
  TT_FATAL(pimpl_->shape.dims() == 2, "get_device(row, col) needs a 2-D mesh, not {}", pimpl_->shape);
  return get_device(MeshCoordinate(static_cast<uint32_t>(row), static_cast<uint32_t>(col)));
}
IDevice* MeshDevice::get_device(ChipId physical_device_id) const {
  for (IDevice* device : get_devices())
    if (device->id() == physical_device_id) return device;
  const std::string ids = fmt::format("{}", fmt::join(get_device_ids(), ", "));
  TT_THROW("Device {} is not in the mesh (devices {})", physical_device_id, ids);
}
bool MeshDevice::is_local(const MeshCoordinate& coord) const {
  TT_FATAL(coord.dims() == pimpl_->shape.dims() && MeshCoordinateRange(pimpl_->shape).contains(coord),
           "Device {} is outside the {} mesh", coord, pimpl_->shape);
  return pimpl_->chips.empty() || pimpl_->chips[coord.to_linear_index(pimpl_->shape)] != nullptr;
}
const MeshShape& MeshDevice::shape() const { return pimpl_->shape; }
std::string MeshDevice::to_string() const {
  return fmt::format("MeshDevice({}x{} emulated Blackhole)", num_rows(), num_cols());
}

uint8_t MeshDevice::num_hw_cqs() const { return static_cast<uint8_t>(pimpl_->queues.size()); }

MeshCommandQueue& MeshDevice::mesh_command_queue(std::optional<uint8_t> cq_id) const {
  const uint8_t id = cq_id.value_or(0);
  TT_FATAL(id < pimpl_->queues.size(), "Command queue {} does not exist: the device has {} (num_command_queues at "
           "create)", id, pimpl_->queues.size());
  return *pimpl_->queues[id];
}

namespace {

// "2x4", "(0, 1)": how the messages below show shapes and coordinates.
template <typename Values>
std::string joined(const Values& values, const char* separator) {
  std::string out;
  for (auto v : values) out += (out.empty() ? "" : separator) + std::to_string(v);
  return out;
}

// The chips `config` names, row-major over its shape: physical device ids,
// or the system mesh's chips at its offset (system_chips).
std::vector<int> chips_of_config(const MeshDeviceConfig& config) {
  const MeshShape shape = config.mesh_shape().value_or(SystemMesh::instance().shape());
  TT_FATAL(shape.dims() == 2, "MeshDevice::create: a mesh of shape {}: the emulator opens 2-D meshes",
           joined(shape.view(), "x"));
  const std::vector<ChipId>& ids = config.physical_device_ids();
  if (!ids.empty()) {
    TT_FATAL(ids.size() == shape.mesh_size(), "MeshDevice::create: {} physical device ids [{}] for a mesh of shape {}",
             ids.size(), joined(ids, ", "), joined(shape.view(), "x"));
    return {ids.begin(), ids.end()};
  }
  return system_chips(shape, config.offset());
}

}  // namespace

std::vector<int> system_chips(const MeshShape& shape, const std::optional<MeshCoordinate>& offset) {
  const zyxtt::cluster::Cluster& cluster = zyxtt::metalium::emulated_cluster();
  const MeshShape& system = SystemMesh::instance().shape();
  TT_FATAL(shape.mesh_size() > 0 && shape.mesh_size() <= system.mesh_size(),
           "A mesh of shape {} needs {} devices; the system mesh of shape {} has {} (the cluster {}; ZYX_TT_CLUSTER "
           "or TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)",
           joined(shape.view(), "x"), shape.mesh_size(), joined(system.view(), "x"), system.mesh_size(),
           cluster.source());
  const MeshCoordinate origin = offset.value_or(MeshCoordinate(0, 0));
  TT_FATAL(origin.dims() == 2 && origin[0] < system[0] && origin[1] < system[1],
           "The offset ({}) is outside the system mesh of shape {}", joined(origin.coords(), ", "),
           joined(system.view(), "x"));
  std::vector<MeshCoordinate> coords;
  if (shape.is_line_topology()) {
    coords = MeshDeviceView::get_line_coordinates(shape.mesh_size(), Shape2D(system[0], system[1]),
                                                  Shape2D(origin[0], origin[1]));
  } else {
    TT_FATAL(shape.dims() == 2, "A mesh of shape {} in the 2-D system mesh of shape {}", joined(shape.view(), "x"),
             joined(system.view(), "x"));
    const auto fits = [&](uint32_t rows, uint32_t cols) {
      return origin[0] + rows <= system[0] && origin[1] + cols <= system[1];
    };
    const bool transposed = !fits(shape[0], shape[1]);
    TT_FATAL(!transposed || fits(shape[1], shape[0]),
             "A mesh of shape {} at offset ({}) does not fit the system mesh of shape {}, nor turned (the cluster {}; "
             "ZYX_TT_CLUSTER or TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)",
             joined(shape.view(), "x"), joined(origin.coords(), ", "), joined(system.view(), "x"), cluster.source());
    for (uint32_t r = 0; r < shape[0]; ++r)
      for (uint32_t c = 0; c < shape[1]; ++c)
        coords.push_back(transposed ? MeshCoordinate(origin[0] + c, origin[1] + r)
                                    : MeshCoordinate(origin[0] + r, origin[1] + c));
  }
  std::vector<int> chips;
  for (const MeshCoordinate& c : coords) chips.push_back(static_cast<int>(cluster.chip_at({c[0], c[1]})));
  return chips;
}

std::shared_ptr<MeshDevice> MeshDevice::create(const MeshDeviceConfig& config, size_t l1_small_size,
                                               size_t trace_region_size, size_t num_command_queues,
                                               const DispatchCoreConfig& dispatch_core_config,
                                               ttsl::Span<const std::uint32_t> l1_bank_remap, size_t worker_l1_size) {
  const std::vector<int> ids = chips_of_config(config);
  if (ids.size() == 1)
    return create_unit_mesh(ids.front(), l1_small_size, trace_region_size, num_command_queues, dispatch_core_config,
                            l1_bank_remap, worker_l1_size);
  std::vector<std::shared_ptr<MeshDevice>> chips;
  const zyxtt::cluster::RankShare& share = zyxtt::metalium::rank_share();
  for (int id : ids) {
    TT_FATAL(std::count(ids.begin(), ids.end(), id) == 1, "MeshDevice::create: device {} is named twice", id);
    TT_FATAL(id >= 0 && static_cast<size_t>(id) < share.owner.size(), "MeshDevice::create: device {} does not exist",
             id);
    // Another rank's device stays null here: that rank opens it.
    chips.push_back(share.local(static_cast<uint32_t>(id))
                        ? create_unit_mesh(id, l1_small_size, trace_region_size, num_command_queues,
                                           dispatch_core_config, l1_bank_remap, worker_l1_size)
                        : nullptr);
  }
  TT_FATAL(std::any_of(chips.begin(), chips.end(), [](const auto& chip) { return chip != nullptr; }),
           "MeshDevice::create: none of the mesh's devices [{}] is this rank's (rank {} of {} emulates [{}])",
           joined(ids, ", "), share.rank, share.ranks, joined(share.chips_of(share.rank), ", "));
  const MeshShape shape = config.mesh_shape().value_or(SystemMesh::instance().shape());
  auto mesh = std::make_shared<MeshDevice>(shape, std::move(chips), ids, Private());
  mesh->impl().set_queues(num_command_queues);
  mesh->impl().trace_region_size = trace_region_size;
  return mesh;
}

std::shared_ptr<MeshDevice> MeshDevice::create_unit_mesh(int device_id, size_t, size_t trace_region_size,
                                                         size_t num_command_queues, const DispatchCoreConfig&,
                                                         ttsl::Span<const std::uint32_t>, size_t) {
  auto mesh = std::make_shared<MeshDevice>(device_id, Private());
  mesh->impl().set_queues(num_command_queues);
  mesh->impl().trace_region_size = trace_region_size;
  return mesh;
}

std::map<int, std::shared_ptr<MeshDevice>> MeshDevice::create_unit_meshes(
    const std::vector<int>& device_ids, size_t l1_small_size, size_t trace_region_size, size_t num_command_queues,
    const DispatchCoreConfig& dispatch_core_config, ttsl::Span<const std::uint32_t> l1_bank_remap,
    size_t worker_l1_size) {
  std::map<int, std::shared_ptr<MeshDevice>> out;
  for (int id : device_ids) {
    out[id] = create_unit_mesh(id, l1_small_size, trace_region_size, num_command_queues, dispatch_core_config,
                               l1_bank_remap, worker_l1_size);
  }
  return out;
}

// ---- Command queue --------------------------------------------------------------------

namespace {

// The bytes a transfer of `region` (the whole buffer if none) moves; throws
// for a region outside the buffer.
uint64_t region_size(const Buffer& buffer, const std::optional<BufferRegion>& region) {
  const uint64_t offset = region ? region->offset : 0;
  const uint64_t size = region ? region->size : buffer.size();
  TT_FATAL(buffer.is_valid_region(BufferRegion(offset, size)), "Region [{}, {}) is outside the buffer of {} B", offset, offset + size,
           buffer.size());
  return size;
}

std::span<std::byte> region_bytes(Buffer& buffer, void* host, const std::optional<BufferRegion>& region,
                                  uint64_t& offset) {
  offset = region ? region->offset : 0;
  return {static_cast<std::byte*>(host), region_size(buffer, region)};
}

void write_bytes(Buffer& buffer, const void* host, const std::optional<BufferRegion>& region) {
  TT_FATAL(host != nullptr, "No host data to write");
  uint64_t offset = 0;
  auto bytes = region_bytes(buffer, const_cast<void*>(host), region, offset);
  const auto& b = buffer.backing();
  if (tt_metal::detail::transfers_by_mapping(buffer)) return tt_metal::detail::transfer_mapped(buffer, offset, bytes, true);
  b.device->write(b.placed, offset, bytes);
}

// Whether this thread's graph hook takes over a transfer of `buffer` (asked
// in the caller's thread when the transfer is enqueued, as tt-metal asks).
bool hooked_write(const Buffer& buffer) { return GraphTracker::instance().hook_write_to_device(&buffer); }
bool hooked_read(Buffer& buffer) { return GraphTracker::instance().hook_read_from_device(&buffer); }

void read_bytes(Buffer& buffer, void* host, const std::optional<BufferRegion>& region) {
  TT_FATAL(host != nullptr, "No host memory to read into");
  uint64_t offset = 0;
  auto bytes = region_bytes(buffer, host, region, offset);
  const auto& b = buffer.backing();
  if (tt_metal::detail::transfers_by_mapping(buffer)) return tt_metal::detail::transfer_mapped(buffer, offset, bytes, false);
  b.device->read(b.placed, offset, bytes);
}

using zyxtt::metalium::CommandQueueExecutor;

// A read, or a write of host memory the caller keeps, in queue order: at once
// on an idle queue (nothing to wait for), else queued.
void transfer(CommandQueueExecutor& queue, bool blocking, CommandQueueExecutor::Command command) {
  if (blocking) {
    queue.enqueue(std::move(command), true);
  } else if (!queue.run_if_idle(command)) {
    queue.enqueue(std::move(command), false);
  }
}

// A write of the `bytes` at `host` in queue order. Queued behind other
// commands without the caller waiting, it writes a copy taken now: tt-metal
// copies unpinned host data at enqueue, so the caller may reuse its memory.
void write_in_order(CommandQueueExecutor& queue, bool blocking, const void* host, uint64_t bytes,
                    std::function<void(const void*)> write) {
  if (blocking) {
    queue.enqueue([&] { write(host); }, true);
    return;
  }
  if (queue.run_if_idle([&] { write(host); })) return;
  const auto* first = static_cast<const std::byte*>(host);
  auto copy = std::make_shared<const std::vector<std::byte>>(first, first + bytes);
  queue.enqueue([copy = std::move(copy), write = std::move(write)] { write(copy->data()); }, false);
}

}  // namespace

namespace {

// A sharded buffer's shards in tt-metal's order, each with the devices that
// hold it: shards go row by row over the buffer; devices follow the shard
// orientation, and a replicated dimension repeats a shard along the mesh.
struct ShardPlace {
  size_t row = 0;  // in shards
  size_t col = 0;
  std::vector<MeshCoordinate> devices;
};

std::vector<ShardPlace> shard_places(const MeshBuffer& buffer) {
  const ShardedBufferConfig& config = buffer.global_shard_spec();
  const Shape2D shard = config.physical_shard_shape();
  const size_t rows = config.global_buffer_shape.height() / shard.height();
  const size_t cols = config.global_buffer_shape.width() / shard.width();
  const auto devices_y = static_cast<uint32_t>(buffer.device()->num_rows());
  const auto devices_x = static_cast<uint32_t>(buffer.device()->num_cols());
  const bool row_major = config.shard_orientation == ShardOrientation::ROW_MAJOR;
  const auto [height_replicated, width_replicated] = config.replicated_dims();
  uint32_t x = 0;
  uint32_t y = 0;
  std::vector<ShardPlace> out;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) {
      ShardPlace place{r, c, {}};
      if (height_replicated && width_replicated) {
        for (uint32_t dy = 0; dy < devices_y; ++dy)
          for (uint32_t dx = 0; dx < devices_x; ++dx) place.devices.emplace_back(dy, dx);
      } else if (height_replicated || width_replicated) {
        if (row_major) {
          for (uint32_t dy = 0; dy < devices_y; ++dy) place.devices.emplace_back(dy, x);
          ++x;
        } else {
          for (uint32_t dx = 0; dx < devices_x; ++dx) place.devices.emplace_back(y, dx);
          ++y;
        }
      } else {
        place.devices.emplace_back(y, x);
        if (row_major) {
          if (++x == devices_x) x = 0, ++y;
        } else {
          if (++y == devices_y) y = 0, ++x;
        }
      }
      out.push_back(std::move(place));
    }
  }
  return out;
}

// Copies shard `place` between the host's whole buffer (row-major over the
// global shape) and one device's shard bytes.
template <bool kToShard>
void copy_shard(const MeshBuffer& buffer, const ShardPlace& place, std::byte* host, std::byte* shard_bytes) {
  const ShardedBufferConfig& config = buffer.global_shard_spec();
  const Shape2D shard = config.physical_shard_shape();
  const size_t datum = config.compute_datum_size_bytes();
  const size_t stride = datum * config.global_buffer_shape.width();
  const size_t row_bytes = datum * shard.width();
  for (size_t i = 0; i < shard.height(); ++i) {
    std::byte* h = host + (place.row * shard.height() + i) * stride + place.col * row_bytes;
    std::byte* d = shard_bytes + i * row_bytes;
    if constexpr (kToShard) {
      std::memcpy(d, h, row_bytes);
    } else {
      std::memcpy(h, d, row_bytes);
    }
  }
}

}  // namespace

void MeshCommandQueue::enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) {
  const MeshCoordinateRange mesh(mesh_device_->shape());
  const bool several = mesh_device_->num_devices() > 1;
  MeshDeviceImpl& d = mesh_device_->impl();
  MeshDeviceImpl::Trace* trace = d.capture_of(id_);
  // Several sub-devices: the workload goes to its sub-device's lane (MeshDeviceImpl::lane).
  const bool in_lane = trace == nullptr && d.sub_device_ids.size() > 1;
  std::optional<uint32_t> lane;
  std::vector<ChipLaunch> launches;
  for (auto& [range, program] : mesh_workload.get_programs()) {
    TT_FATAL(mesh.contains(range), "The workload's device range {} - {} is outside the {} mesh", range.start_coord(),
             range.end_coord(), mesh_device_->shape());
    tt_metal::detail::ProgramImpl& p = program.impl();
    const uint32_t sub_device = check_sub_device(*mesh_device_, p);
    if (!lane) lane = sub_device;
    // A trace, like a run the host does not wait for, keeps the args as they are now.
    const auto run = run_args(p.run, trace != nullptr || !blocking || in_lane);
    const auto sources = kernel_sources(p);
    for (const MeshCoordinate& coord : range) {
      if (!mesh_device_->is_local(coord)) continue;  // its rank runs it
      IDevice* chip = mesh_device_->get_device(coord);
      auto device = tt_metal::detail::device_of(chip);
      auto compiled = p.compiled_for(device);
      p.track_circular_buffers(chip, *device);
      launches.push_back({device, compiled, run,
                          several ? fmt::format("EnqueueMeshWorkload (device {})", chip->id()) : "EnqueueMeshWorkload",
                          static_cast<uint32_t>(chip->id()), sources, sub_device});
      if (trace) trace->bytes[static_cast<MeshDevice*>(chip)] += trace_bytes(p.model, *run);
    }
  }
  mesh_workload.set_last_used_command_queue_for_testing(this);
  if (trace) {
    trace->enqueues.push_back(std::move(launches));
    return;
  }
  if (in_lane && lane) {
    // The queue hands the launches on when it reaches them; a blocking
    // enqueue waits for the stall group, as tt-metal's does.
    d.executor(id_).enqueue([to = d.lane(id_, *lane), launches = std::move(launches)]() mutable {
      to->enqueue([launches = std::move(launches)] { run_launches(launches); }, false);
    }, false);
    if (blocking) {
      d.stall(id_, {});
      d.executor(id_).finish();
    }
    return;
  }
  d.executor(id_).enqueue([launches = std::move(launches)] { run_launches(launches); }, blocking);
}

void MeshCommandQueue::enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                                       const MeshCoordinateRange& device_range, bool blocking,
                                                       std::optional<BufferRegion> region) {
  TT_FATAL(mesh_device_->impl().capture_of(id_) == nullptr, "Writes are not supported during trace capture");
  mesh_device_->impl().stall(id_, {});  // waits for the stall group's workloads
  TT_FATAL(host_data != nullptr, "No host data to write");
  if (buffer.global_layout() != MeshBufferLayout::REPLICATED) {
    // A sharded buffer is dealt over the mesh as a whole (tt-metal: write_sharded_buffer).
    std::shared_ptr<MeshBuffer> whole(std::shared_ptr<MeshBuffer>{}, const_cast<MeshBuffer*>(&buffer));
    enqueue_write_mesh_buffer(whole, host_data, blocking);
    return;
  }
  TT_FATAL(MeshCoordinateRange(mesh_device_->shape()).contains(device_range),
           "The device range {} - {} is outside the {} mesh", device_range.start_coord(), device_range.end_coord(),
           mesh_device_->shape());
  for (const MeshCoordinate& coord : device_range) {
    if (!mesh_device_->is_local(coord)) continue;  // another rank's device: that rank writes it
    Buffer* device_buffer = buffer.get_device_buffer(coord);
    if (hooked_write(*device_buffer)) continue;
    write_in_order(mesh_device_->impl().executor(id_), blocking, host_data, region_size(*device_buffer, region),
                   [device_buffer, region](const void* host) { write_bytes(*device_buffer, host, region); });
  }
}

void MeshCommandQueue::enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data,
                                                 bool blocking) {
  TT_FATAL(mesh_device_->impl().capture_of(id_) == nullptr, "Writes are not supported during trace capture");
  mesh_device_->impl().stall(id_, {});  // waits for the stall group's workloads
  TT_FATAL(host_data != nullptr, "No host data to write");
  const bool replicated = buffer->global_layout() == MeshBufferLayout::REPLICATED;
  std::set<MeshCoordinate> hooked;
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_device_->shape()))
    if (mesh_device_->is_local(coord) && hooked_write(*buffer->get_device_buffer(coord))) hooked.insert(coord);
  // Each rank writes its own devices' parts, as tt-metal's multi-host queues do.
  auto write = [buffer, replicated, hooked = std::move(hooked)](const void* host) {
    MeshDevice& mesh = *buffer->device();
    auto mine = [&](const MeshCoordinate& coord) { return mesh.is_local(coord) && !hooked.contains(coord); };
    if (replicated) {
      for (const MeshCoordinate& coord : MeshCoordinateRange(mesh.shape()))
        if (mine(coord)) write_bytes(*buffer->get_device_buffer(coord), host, std::nullopt);
      return;
    }
    std::vector<std::byte> shard(buffer->device_local_size());
    for (const ShardPlace& place : shard_places(*buffer)) {
      copy_shard<true>(*buffer, place, static_cast<std::byte*>(const_cast<void*>(host)), shard.data());
      for (const MeshCoordinate& coord : place.devices)
        if (mine(coord)) write_bytes(*buffer->get_device_buffer(coord), shard.data(), std::nullopt);
    }
  };
  write_in_order(mesh_device_->impl().executor(id_), blocking, host_data, buffer->size(), std::move(write));
}

void MeshCommandQueue::enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                            const std::vector<ShardDataTransfer>& transfers, bool blocking) {
  TT_FATAL(mesh_device_->impl().capture_of(id_) == nullptr, "Writes are not supported during trace capture");
  mesh_device_->impl().stall(id_, {});  // waits for the stall group's workloads
  for (const ShardDataTransfer& t : transfers) {
    TT_FATAL(t.host_data() != nullptr, "No host data to write");
    if (!mesh_device_->is_local(t.shard_coord())) continue;  // another rank's device: that rank writes it
    if (hooked_write(*mesh_buffer->get_device_buffer(t.shard_coord()))) continue;
    const uint64_t bytes = region_size(*mesh_buffer->get_device_buffer(t.shard_coord()), t.region());
    write_in_order(mesh_device_->impl().executor(id_), blocking, t.host_data(), bytes,
                   [mesh_buffer, coord = t.shard_coord(), region = t.region()](const void* host) {
                     write_bytes(*mesh_buffer->get_device_buffer(coord), host, region);
                   });
  }
}

void MeshCommandQueue::enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer,
                                                bool blocking) {
  TT_FATAL(mesh_device_->impl().capture_of(id_) == nullptr, "Reads are not supported during trace capture");
  mesh_device_->impl().stall(id_, {});  // waits for the stall group's workloads
  TT_FATAL(host_data != nullptr, "No host memory to read into");
  CommandQueueExecutor& queue = mesh_device_->impl().executor(id_);
  if (buffer->global_layout() == MeshBufferLayout::REPLICATED) {
    TT_FATAL(buffer->device()->num_devices() == 1,
             "Can only read a sharded MeshBuffer from a mesh of several devices, or a replicated one from a unit "
             "mesh; read each device's copy with ReadShard");
    if (hooked_read(*buffer->get_backing_buffer())) return;
    transfer(queue, blocking, [buffer, host_data] { read_bytes(*buffer->get_backing_buffer(), host_data, std::nullopt); });
    return;
  }
  const auto [height_replicated, width_replicated] = buffer->replicated_dims();
  TT_FATAL(!height_replicated && !width_replicated,
           "Cannot read a MeshBuffer that is replicated along a dimension; read one device's copy with ReadShard");
  // A shard on another rank's device comes from that rank, which reads the
  // buffer at the same point of its program (zyxtt::metalium::share_shard).
  std::set<MeshCoordinate> hooked;
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_device_->shape()))
    if (mesh_device_->is_local(coord) && hooked_read(*buffer->get_device_buffer(coord))) hooked.insert(coord);
  transfer(queue, blocking, [buffer, host_data, hooked = std::move(hooked)] {
    MeshDevice& mesh = *buffer->device();
    std::vector<std::byte> shard(buffer->device_local_size());
    for (const ShardPlace& place : shard_places(*buffer)) {
      const MeshCoordinate& holder = place.devices.front();
      if (mesh.is_local(holder) && !hooked.contains(holder)) read_bytes(*buffer->get_device_buffer(holder), shard.data(), std::nullopt);
      if (zyxtt::metalium::mesh_ranks())
        zyxtt::metalium::share_shard(shard, zyxtt::metalium::rank_share().owner.at(
                                                static_cast<size_t>(mesh.impl().chip_ids.at(holder.to_linear_index(mesh.shape())))));
      copy_shard<false>(*buffer, place, static_cast<std::byte*>(host_data), shard.data());
    }
  });
}

void MeshCommandQueue::enqueue_read_shards(const std::vector<ShardDataTransfer>& transfers,
                                           const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking) {
  TT_FATAL(mesh_device_->impl().capture_of(id_) == nullptr, "Reads are not supported during trace capture");
  mesh_device_->impl().stall(id_, {});  // waits for the stall group's workloads
  // Another rank's shard is left as it is, as tt-metal's multi-host queues do.
  std::vector<ShardDataTransfer> local;
  for (const ShardDataTransfer& t : transfers) {
    TT_FATAL(t.host_data() != nullptr, "No host memory to read into");
    if (!mesh_device_->is_local(t.shard_coord())) continue;
    if (hooked_read(*mesh_buffer->get_device_buffer(t.shard_coord()))) continue;
    region_size(*mesh_buffer->get_device_buffer(t.shard_coord()), t.region());
    local.push_back(t);
  }
  transfer(mesh_device_->impl().executor(id_), blocking, [mesh_buffer, local = std::move(local)] {
    for (const ShardDataTransfer& t : local)
      read_bytes(*mesh_buffer->get_device_buffer(t.shard_coord()), t.host_data(), t.region());
  });
}

void MeshCommandQueue::finish(ttsl::Span<const SubDeviceId> sub_device_ids) {
  mesh_device_->impl().stall(id_, sub_device_ids);
  mesh_device_->impl().executor(id_).finish();
}

// ---- Workloads --------------------------------------------------------------------------

MeshWorkload::MeshWorkload() = default;
MeshWorkload::~MeshWorkload() = default;
MeshWorkload::MeshWorkload(MeshWorkload&& other) noexcept = default;
MeshWorkload& MeshWorkload::operator=(MeshWorkload&& other) noexcept = default;

void MeshWorkload::add_program(const MeshCoordinateRange& device_range, Program&& program) {
  for (const auto& [range, p] : programs_) {
    TT_FATAL(!(range.contains(device_range.start_coord()) || device_range.contains(range.start_coord())),
             "The device range of a program overlaps one already in the workload");
  }
  programs_.emplace(device_range, std::move(program));
}

void MeshWorkload::set_last_used_command_queue_for_testing(MeshCommandQueue* mesh_cq) { last_used_command_queue_ = mesh_cq; }
MeshCommandQueue* MeshWorkload::get_last_used_command_queue() const { return last_used_command_queue_; }
std::unordered_map<MeshCoordinateRange, Program>& MeshWorkload::get_programs() { return programs_; }
const std::unordered_map<MeshCoordinateRange, Program>& MeshWorkload::get_programs() const { return programs_; }

void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking) {
  mesh_cq.enqueue_mesh_workload(mesh_workload, blocking);
}

void Finish(MeshCommandQueue& mesh_cq, ttsl::Span<const SubDeviceId> sub_device_ids) { mesh_cq.finish(sub_device_ids); }
void Synchronize(MeshDevice* device, std::optional<uint8_t> cq_id, ttsl::Span<const SubDeviceId> sub_device_ids) {
  TT_FATAL(device != nullptr, "Synchronize of a null device");
  if (cq_id) {
    device->mesh_command_queue(cq_id).finish(sub_device_ids);
    return;
  }
  for (uint8_t i = 0; i < device->num_hw_cqs(); ++i) device->mesh_command_queue(i).finish(sub_device_ids);
}
bool UsingDistributedEnvironment() { return zyxtt::metalium::mesh_ranks() != nullptr; }

SystemMesh& SystemMesh::instance() {
  static SystemMesh mesh;
  return mesh;
}
const MeshShape& SystemMesh::shape() const {
  static const MeshShape shape = [] {
    const zyxtt::cluster::MeshShape mesh = zyxtt::metalium::emulated_cluster().mesh_shape();
    return MeshShape(mesh.rows, mesh.cols);
  }();
  return shape;
}
SystemMesh::MappedDevices SystemMesh::get_mapped_devices(const std::optional<MeshShape>& shape,
                                                         const std::optional<MeshCoordinate>& offset) const {
  MappedDevices out{{}, {}, shape.value_or(this->shape())};
  const zyxtt::cluster::RankShare& share = zyxtt::metalium::rank_share();
  for (int id : system_chips(out.mesh_shape, offset)) {
    out.device_ids.push_back(share.local(static_cast<uint32_t>(id)) ? MaybeRemote<int>::local(id)
                                                                    : MaybeRemote<int>::remote());
    out.fabric_node_ids.push_back(tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(id));
  }
  return out;
}
const MeshShape& SystemMesh::local_shape() const {
  static const MeshShape shape = [] {
    const zyxtt::cluster::MeshShape local = zyxtt::metalium::rank_share().local_shape;
    return MeshShape(local.rows, local.cols);
  }();
  return shape;
}

}  // namespace tt::tt_metal::distributed

// ---- The single-device API -----------------------------------------------------------------

namespace tt::tt_metal {

namespace {
std::mutex devices_mutex;
// CreateDevice's devices, kept alive until CloseDevice.
std::map<IDevice*, std::shared_ptr<distributed::MeshDevice>>& created_devices() {
  static std::map<IDevice*, std::shared_ptr<distributed::MeshDevice>> m;
  return m;
}

distributed::MeshDevice& mesh_of(IDevice* device) {
  auto* mesh = dynamic_cast<distributed::MeshDevice*>(device);
  TT_FATAL(mesh != nullptr, "The device was not made by CreateDevice or MeshDevice::create_unit_mesh");
  return *mesh;
}
}  // namespace

std::shared_ptr<zyxtt::Device> tt_metal::detail::device_of(const IDevice* device) {
  auto& mesh = mesh_of(const_cast<IDevice*>(device));
  TT_FATAL(mesh.impl().device != nullptr, "Device {} is closed", mesh.id());
  return mesh.impl().device;
}

std::shared_ptr<tt_metal::detail::AllocatedBuffers> tt_metal::detail::allocated_buffers_of(const IDevice* device) {
  return mesh_of(const_cast<IDevice*>(device)).impl().allocator_impl.allocated;
}

void SetRootDir(const std::string& root_dir) { zyxtt::metalium::set_root_dir(root_dir); }
size_t GetNumAvailableDevices() { return zyxtt::metalium::emulated_cluster().size(); }
bool IsGalaxyCluster() { return zyxtt::metalium::emulated_cluster().kind() == zyxtt::cluster::SystemKind::kGalaxy; }
size_t GetNumPCIeDevices() {
  const auto chips = zyxtt::metalium::emulated_cluster().chips();
  return static_cast<size_t>(std::count_if(chips.begin(), chips.end(), [](const auto& c) { return c.mmio; }));
}
ChipId GetPCIeDeviceID(ChipId device_id) {
  distributed::check_device_id(device_id);
  return static_cast<ChipId>(zyxtt::metalium::emulated_cluster().mmio_chip_for(static_cast<uint32_t>(device_id)));
}

IDevice* CreateDevice(ChipId device_id, uint8_t num_hw_cqs, size_t l1_small_size, size_t trace_region_size,
                      const DispatchCoreConfig& dispatch_core_config, const std::vector<uint32_t>&,
                      size_t worker_l1_size) {
  auto mesh = distributed::MeshDevice::create_unit_mesh(device_id, l1_small_size, trace_region_size, num_hw_cqs,
                                                        dispatch_core_config, {}, worker_l1_size);
  std::lock_guard lock(devices_mutex);
  created_devices()[mesh.get()] = mesh;
  return mesh.get();
}

IDevice* CreateDeviceMinimal(ChipId device_id, uint8_t num_hw_cqs, const DispatchCoreConfig& dispatch_core_config) {
  return CreateDevice(device_id, num_hw_cqs, DEFAULT_L1_SMALL_SIZE, DEFAULT_TRACE_REGION_SIZE, dispatch_core_config);
}

bool CloseDevice(IDevice* device) {
  TT_FATAL(device != nullptr, "CloseDevice of a null device");
  std::shared_ptr<distributed::MeshDevice> keep;
  {
    std::lock_guard lock(devices_mutex);
    auto it = created_devices().find(device);
    if (it != created_devices().end()) {
      keep = it->second;
      created_devices().erase(it);
    }
  }
  return device->close();
}

namespace {
Buffer& buffer_of(const tt_metal::detail::BufferRef& ref) {
  if (const auto* p = std::get_if<std::shared_ptr<Buffer>>(&ref)) {
    TT_FATAL(*p != nullptr, "Null buffer");
    return **p;
  }
  return std::get<std::reference_wrapper<Buffer>>(ref).get();
}

// The bytes behind host data, checked to hold the `needed` bytes a write takes.
const void* host_bytes(const HostDataType& src, uint64_t needed) {
  return std::visit(
      [&](const auto& data) -> const void* {
        if constexpr (std::is_same_v<std::decay_t<decltype(data)>, const void*>) {
          return data;
        } else {
          TT_FATAL(data != nullptr, "No host data to write");
          const uint64_t have = data->size() * sizeof(typename std::decay_t<decltype(*data)>::value_type);
          TT_FATAL(have >= needed, "Host data of {} B is smaller than the {} B to write", have, needed);
          return data->data();
        }
      },
      src);
}
}  // namespace

namespace {
// The pre-mesh queue is the device's queue 0.
zyxtt::metalium::CommandQueueExecutor& executor_of(CommandQueue& cq) { return mesh_of(cq.device()).impl().executor(0); }

// A queued command's hold on the buffer: shared when the caller shared it.
std::shared_ptr<Buffer> hold(const tt_metal::detail::BufferRef& ref) {
  if (const auto* p = std::get_if<std::shared_ptr<Buffer>>(&ref)) return *p;
  return {std::shared_ptr<void>(), &buffer_of(ref)};
}

void write_buffer(CommandQueue& cq, const tt_metal::detail::BufferRef& buffer, const HostDataType& src,
                  const std::optional<BufferRegion>& region, bool blocking) {
  const uint64_t bytes = distributed::region_size(buffer_of(buffer), region);
  if (distributed::hooked_write(buffer_of(buffer))) return;
  distributed::write_in_order(executor_of(cq), blocking, host_bytes(src, bytes), bytes,
                              [b = hold(buffer), region](const void* host) { distributed::write_bytes(*b, host, region); });
}

void read_buffer(CommandQueue& cq, const tt_metal::detail::BufferRef& buffer, void* dst, const std::optional<BufferRegion>& region,
                 bool blocking) {
  TT_FATAL(dst != nullptr, "No host memory to read into");
  distributed::region_size(buffer_of(buffer), region);
  if (distributed::hooked_read(buffer_of(buffer))) return;
  distributed::transfer(executor_of(cq), blocking,
                        [b = hold(buffer), dst, region] { distributed::read_bytes(*b, dst, region); });
}
}  // namespace

void EnqueueWriteBuffer(CommandQueue& cq, const tt_metal::detail::BufferRef& buffer, HostDataType src, bool blocking) {
  write_buffer(cq, buffer, src, std::nullopt, blocking);
}
void EnqueueWriteSubBuffer(CommandQueue& cq, const tt_metal::detail::BufferRef& buffer, HostDataType src,
                           const BufferRegion& region, bool blocking) {
  write_buffer(cq, buffer, src, region, blocking);
}
void EnqueueReadBuffer(CommandQueue& cq, const tt_metal::detail::BufferRef& buffer, void* dst, bool blocking) {
  read_buffer(cq, buffer, dst, std::nullopt, blocking);
}
void EnqueueReadSubBuffer(CommandQueue& cq, tt_metal::detail::BufferRef buffer, void* dst, const BufferRegion& region,
                          bool blocking) {
  read_buffer(cq, buffer, dst, region, blocking);
}
void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking) {
  const auto device = tt_metal::detail::device_of(cq.device());
  tt_metal::detail::ProgramImpl& p = program.impl();
  auto compiled = p.compiled_for(device);
  p.track_circular_buffers(cq.device(), *device);
  std::vector<distributed::ChipLaunch> launch{{device, std::move(compiled), distributed::run_args(p.run, !blocking),
                                               "EnqueueProgram", static_cast<uint32_t>(cq.device()->id()),
                                               distributed::kernel_sources(p), 0}};
  executor_of(cq).enqueue([launch = std::move(launch)] { distributed::run_launches(launch); }, blocking);
}
void Finish(CommandQueue& cq, tt::stl::Span<const SubDeviceId>) { executor_of(cq).finish(); }
void Synchronize(IDevice* device, std::optional<uint8_t> cq_id, tt::stl::Span<const SubDeviceId> sub_device_ids) {
  TT_FATAL(device != nullptr, "Synchronize of a null device");
  tt_metal::detail::device_of(device);  // throws if the device is closed
  distributed::Synchronize(&mesh_of(device), cq_id, sub_device_ids);
}

namespace detail {
IDevice* GetActiveDevice(ChipId device_id) {
  distributed::MeshDevice* chip = distributed::live_chip(device_id);
  return chip != nullptr && chip->is_initialized() ? chip : nullptr;
}
void WriteToBuffer(Buffer& buffer, tt::stl::Span<const uint8_t> host_buffer) {
  TT_FATAL(host_buffer.size() >= buffer.size(), "Host data of {} B is smaller than the buffer of {} B",
           host_buffer.size(), buffer.size());
  if (!distributed::hooked_write(buffer)) distributed::write_bytes(buffer, host_buffer.data(), std::nullopt);
}
void ReadFromBuffer(Buffer& buffer, uint8_t* host_buffer) {
  if (!distributed::hooked_read(buffer)) distributed::read_bytes(buffer, host_buffer, std::nullopt);
}
void LaunchProgram(IDevice* device, Program& program, bool, bool) {
  const auto chip = device_of(device);
  program.impl().compiled_for(chip);
  program.impl().track_circular_buffers(device, *chip);
  program.impl().launch(chip, "LaunchProgram");
}
void LaunchProgram(IDevice* device, const std::shared_ptr<Program>& program, bool wait, bool slow) {
  LaunchProgram(device, *program, wait, slow);
}
void WaitProgramDone(IDevice* device, Program&, bool) { device_of(device); }
void CompileProgram(IDevice* device, Program& program, bool) {
  const auto chip = device_of(device);
  program.impl().compiled_for(chip);
  program.impl().track_circular_buffers(device, *chip);
}
}  // namespace detail

}  // namespace tt::tt_metal
