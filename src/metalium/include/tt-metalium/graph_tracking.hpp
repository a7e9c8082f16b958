// tt-metal's GraphTracker: a process-wide fan-out of host events (buffer
// allocations and frees, circular buffers, programs, op function calls) to
// the processors a graph capture pushes, and an optional hook that can take
// over buffer allocations, transfers and program runs (a capture that does
// not dispatch). Processors and the hook are per thread; only the set of
// buffers whose allocation a hook took is shared.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <nlohmann/json_fwd.hpp>

#include <any>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tt::tt_metal {

class Buffer;
class IDevice;
class Program;

// An op's argument as a processor sees it: a reference to it (a
// std::reference_wrapper in the any) and how to print it.
struct TrackedArgument {
  std::any value;
  std::string (*to_string_fn)(const std::any&);
};

// How an argument of type T prints: with operator<< where T has one, else
// its type's mangled name in angle brackets. (tt-metal leaves the definition
// to ttnn's graph serialization; this library has no ttnn.)
template <typename T>
std::string serialize_tracked_arg(const std::any& a) {
  const auto* ref = std::any_cast<std::reference_wrapper<T>>(&a);
  if (ref == nullptr) return "<?>";
  if constexpr (requires(std::ostream& os, const T& v) { os << v; }) {
    std::ostringstream os;
    os << ref->get();
    return os.str();
  } else {
    return std::string("<") + typeid(T).name() + ">";
  }
}

class IGraphProcessor {
 public:
  enum class RunMode {
    NORMAL,      // allocate and run as usual
    NO_DISPATCH  // a hook takes over allocations and program runs
  };

  IGraphProcessor() = default;

  // False for a processor always pushed in the background, which does not
  // make GraphTracker::is_enabled() true.
  virtual bool is_capture_processor() const { return true; }

  virtual void track_allocate(const tt::tt_metal::Buffer* /*buffer*/) {}
  virtual void track_deallocate(tt::tt_metal::Buffer* /*buffer*/) {}
  virtual void track_allocate_cb(const CoreRangeSet& /*core_range_set*/, uint64_t /*addr*/, uint64_t /*size*/,
                                 bool /*is_globally_allocated*/, const IDevice* /*device*/) {}
  virtual void track_deallocate_cb(const IDevice* /*device*/) {}
  virtual void track_program(tt::tt_metal::Program* /*program*/, const IDevice* /*device*/) {}
  virtual void track_function_start(std::string_view /*function_name*/,
                                    std::span<TrackedArgument> /*input_parameters*/) {}
  virtual void track_function_end() {}
  virtual void track_function_end(const std::any& /*output_tensors*/) {}
  virtual void begin_capture(RunMode /*mode*/) {}
  // The captured graph; null unless a processor overrides it.
  virtual nlohmann::json end_capture();

  virtual ~IGraphProcessor() = default;
};

// A hook returns true when it takes the operation over: the library then
// does not do it (a hooked allocation gets address 0 and no memory).
class IGraphHooks {
 public:
  IGraphHooks() = default;
  virtual bool hook_allocate(const tt::tt_metal::Buffer* buffer) = 0;
  virtual bool hook_deallocate(tt::tt_metal::Buffer* buffer) = 0;
  virtual bool hook_program(Program* program) = 0;
  virtual bool hook_write_to_device(const tt::tt_metal::Buffer* buffer) = 0;
  virtual bool hook_read_from_device(tt::tt_metal::Buffer* buffer) = 0;
  virtual bool hook_read_from_device(const tt::tt_metal::distributed::MeshBuffer* mesh_buffer) = 0;
  virtual bool hook_write_to_device(const tt::tt_metal::distributed::MeshBuffer* mesh_buffer) = 0;
  virtual ~IGraphHooks() = default;
};

class GraphTracker {
 public:
  GraphTracker(const GraphTracker&) = delete;
  GraphTracker(GraphTracker&&) = delete;

  static GraphTracker& instance();

  // Whether this thread has a capture processor pushed.
  bool is_enabled() const;

  void push_processor(const std::shared_ptr<IGraphProcessor>& processor);
  void pop_processor();

  // False (and no change) if this thread has a hook already.
  bool add_hook(const std::shared_ptr<IGraphHooks>& hook);

  void track_allocate(const Buffer* buffer);
  void track_deallocate(Buffer* buffer);
  void track_allocate_cb(const CoreRangeSet& core_range_set, uint64_t addr, uint64_t size, bool is_globally_allocated,
                         const IDevice* device);
  void track_deallocate_cb(const IDevice* device);
  void track_program(Program* program, const IDevice* device);

  template <class... Args>
  void track_function_start(std::string_view function_name, Args&&... args) {
    if (processors.empty()) return;
    std::array<TrackedArgument, sizeof...(Args)> params{TrackedArgument{
        std::any(std::ref(args)), &serialize_tracked_arg<std::remove_reference_t<Args>>}...};
    for (auto& p : processors) p->track_function_start(function_name, params);
  }

  // An op that returns nothing.
  void track_function_end() {
    for (auto& p : processors) p->track_function_end();
  }

  template <class ReturnType>
  void track_function_end(ReturnType& output_tensors) {
    for (auto& p : processors) p->track_function_end(std::ref(output_tensors));
  }

  bool hook_allocate(const Buffer* buffer);
  bool hook_deallocate(Buffer* buffer);
  bool hook_write_to_device(const Buffer* buffer);
  bool hook_write_to_device(const distributed::MeshBuffer* mesh_buffer);
  bool hook_read_from_device(Buffer* buffer);
  bool hook_read_from_device(const distributed::MeshBuffer* mesh_buffer);
  bool hook_program(tt::tt_metal::Program* program);

  const std::vector<std::shared_ptr<IGraphProcessor>>& get_processors() const;
  const std::shared_ptr<IGraphHooks>& get_hook() const;

  // This thread's processors and hook go; clear_hook forgets every hooked buffer.
  void clear();
  void clear_hook();

 private:
  GraphTracker() = default;
  ~GraphTracker() = default;

  static thread_local std::vector<std::shared_ptr<IGraphProcessor>> processors;
  static thread_local std::shared_ptr<IGraphHooks> hook;

  std::mutex hooked_buffers_mutex;
  std::unordered_set<const Buffer*> hooked_buffers;
};

}  // namespace tt::tt_metal
