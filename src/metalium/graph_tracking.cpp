// GraphTracker: each event goes to this thread's processors in push order;
// a hook, if this thread has one, decides whether the library does the
// operation itself.
#include <tt-metalium/graph_tracking.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>
#include <tt-logger/tt-logger.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

thread_local std::vector<std::shared_ptr<IGraphProcessor>> GraphTracker::processors;
thread_local std::shared_ptr<IGraphHooks> GraphTracker::hook;

nlohmann::json IGraphProcessor::end_capture() { return nullptr; }

GraphTracker& GraphTracker::instance() {
  static GraphTracker tracker;
  return tracker;
}

bool GraphTracker::is_enabled() const {
  return std::any_of(processors.begin(), processors.end(), [](const auto& p) { return p->is_capture_processor(); });
}

void GraphTracker::push_processor(const std::shared_ptr<IGraphProcessor>& processor) {
  processors.push_back(processor);
}

void GraphTracker::pop_processor() {
  TT_FATAL(!processors.empty(), "No processor to pop");
  processors.pop_back();
}

bool GraphTracker::add_hook(const std::shared_ptr<IGraphHooks>& new_hook) {
  if (hook) return false;
  hook = new_hook;
  return true;
}

void GraphTracker::track_allocate(const Buffer* buffer) {
  for (auto& p : processors) p->track_allocate(buffer);
}

void GraphTracker::track_deallocate(Buffer* buffer) {
  for (auto& p : processors) p->track_deallocate(buffer);
}

void GraphTracker::track_allocate_cb(const CoreRangeSet& core_range_set, uint64_t addr, uint64_t size,
                                     bool is_globally_allocated, const IDevice* device) {
  for (auto& p : processors) p->track_allocate_cb(core_range_set, addr, size, is_globally_allocated, device);
}

void GraphTracker::track_deallocate_cb(const IDevice* device) {
  for (auto& p : processors) p->track_deallocate_cb(device);
}

void GraphTracker::track_program(Program* program, const IDevice* device) {
  TT_FATAL(program != nullptr && device != nullptr, "track_program needs a program and a device");
  for (auto& p : processors) p->track_program(program, device);
}

bool GraphTracker::hook_allocate(const Buffer* buffer) {
  if (!hook || !hook->hook_allocate(buffer)) return false;
  std::lock_guard lock(hooked_buffers_mutex);
  TT_FATAL(hooked_buffers.insert(buffer).second, "Can't hook allocation of a buffer which is already allocated");
  return true;
}

bool GraphTracker::hook_deallocate(Buffer* buffer) {
  if (!hook || !hook->hook_deallocate(buffer)) return false;
  std::lock_guard lock(hooked_buffers_mutex);
  if (hooked_buffers.erase(buffer) == 0)
    log_warning(tt::LogMetal, "Can't hook deallocation of a buffer which allocation wasn't hooked");
  return true;
}

bool GraphTracker::hook_write_to_device(const Buffer* buffer) { return hook && hook->hook_write_to_device(buffer); }
bool GraphTracker::hook_write_to_device(const distributed::MeshBuffer* mesh_buffer) {
  return hook && hook->hook_write_to_device(mesh_buffer);
}
bool GraphTracker::hook_read_from_device(Buffer* buffer) { return hook && hook->hook_read_from_device(buffer); }
bool GraphTracker::hook_read_from_device(const distributed::MeshBuffer* mesh_buffer) {
  return hook && hook->hook_read_from_device(mesh_buffer);
}
bool GraphTracker::hook_program(Program* program) { return hook && hook->hook_program(program); }

const std::vector<std::shared_ptr<IGraphProcessor>>& GraphTracker::get_processors() const { return processors; }
const std::shared_ptr<IGraphHooks>& GraphTracker::get_hook() const { return hook; }

void GraphTracker::clear() {
  processors.clear();
  clear_hook();
}

void GraphTracker::clear_hook() {
  {
    std::lock_guard lock(hooked_buffers_mutex);
    hooked_buffers.clear();
  }
  hook = nullptr;
}

}  // namespace tt::tt_metal
