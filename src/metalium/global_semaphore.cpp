// Global semaphores: a height-sharded L1 buffer of one 4-byte page per core,
// so the allocator gives every core (and every chip of a mesh) one address.
#include <tt-metalium/global_semaphore.hpp>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_device.hpp>

#include <utility>
#include <vector>

#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>
#include <tt_stl/reflection.hpp>

namespace tt::tt_metal {

GlobalSemaphore::GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(cores) {
  setup_buffer(initial_value, buffer_type);
}

GlobalSemaphore::GlobalSemaphore(IDevice* device, CoreRangeSet&& cores, uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(std::move(cores)) {
  setup_buffer(initial_value, buffer_type);
}

GlobalSemaphore::GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<uint32_t> initial_value,
                                 BufferType buffer_type, uint64_t address)
    : device_(device), cores_(cores) {
  setup_buffer(initial_value, buffer_type, address);
}

void GlobalSemaphore::setup_buffer(std::optional<uint32_t> initial_value, BufferType buffer_type,
                                   std::optional<uint64_t> address) {
  TT_FATAL(buffer_type == BufferType::L1 || buffer_type == BufferType::L1_SMALL,
           "A global semaphore lives in L1 or L1_SMALL, not {}", buffer_type);
  TT_FATAL(device_ != nullptr, "A global semaphore needs a device, not null");
  const uint32_t num_cores = cores_.num_cores();
  TT_FATAL(num_cores > 0, "A global semaphore needs at least one core");
  buffer_type_ = buffer_type;
  const DeviceAddr word = sizeof(uint32_t);
  const BufferShardingArgs one_word_per_core(
      ShardSpecBuffer(cores_, {1, 1}, ShardOrientation::ROW_MAJOR, {1, 1}, {num_cores, 1}),
      TensorMemoryLayout::HEIGHT_SHARDED);
  // Every device here is a mesh (CreateDevice's is a unit mesh): the mesh
  // buffer places the words at one address on each of its chips.
  auto* mesh = dynamic_cast<distributed::MeshDevice*>(device_);
  TT_FATAL(mesh != nullptr, "A global semaphore needs a device made by CreateDevice or MeshDevice::create");
  distributed::DeviceLocalBufferConfig local;
  local.page_size = word;
  local.buffer_type = buffer_type;
  local.sharding_args = one_word_per_core;
  mesh_buffer_ = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = num_cores * word}, local,
                                                 mesh, address);
  if (initial_value) reset_semaphore_value(*initial_value);
}

IDevice* GlobalSemaphore::device() const { return device_; }

DeviceAddr GlobalSemaphore::address() const { return mesh_buffer_->address(); }

// Through the device's queue, blocking: the value lands after the work queued
// before it and before any program enqueued next.
void GlobalSemaphore::reset_semaphore_value(uint32_t reset_value) const {
  std::vector<uint32_t> words(cores_.num_cores(), reset_value);
  auto mesh_buffer = mesh_buffer_;
  distributed::EnqueueWriteMeshBuffer(mesh_buffer->device()->mesh_command_queue(), mesh_buffer, words, true);
}

GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, uint32_t initial_value,
                                      BufferType buffer_type) {
  return GlobalSemaphore(device, cores, initial_value, buffer_type);
}

GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, uint32_t initial_value,
                                      BufferType buffer_type) {
  return GlobalSemaphore(device, std::move(cores), initial_value, buffer_type);
}

namespace experimental {
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores,
                                      std::optional<uint32_t> initial_value, BufferType buffer_type,
                                      uint64_t address) {
  return GlobalSemaphore(device, cores, initial_value, buffer_type, address);
}
}  // namespace experimental

}  // namespace tt::tt_metal

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::GlobalSemaphore& global_semaphore) {
  const auto& [cores, buffer_type] = global_semaphore.attribute_values();
  return os << fmt::format("GlobalSemaphore(cores={}, buffer_type={})", cores, buffer_type);
}

std::size_t std::hash<tt::tt_metal::GlobalSemaphore>::operator()(
    const tt::tt_metal::GlobalSemaphore& global_semaphore) const {
  return ttsl::hash::hash_objects_with_default_seed(global_semaphore.attribute_values());
}
