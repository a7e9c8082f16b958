// Fast-dispatch sessions in a slow-dispatch process, and asynchronous slow
// dispatch: both only change whether the queues' enqueues wait for their
// commands (command_queue_executor.h).
#include <tt-metalium/experimental/dispatch_context.hpp>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

#include <tt_stl/assert.hpp>

#include "metalium/command_queue_executor.h"
#include "metalium/mesh_device_impl.h"

namespace tt::llrt {
bool RunTimeOptions::get_fast_dispatch() const { return !zyxtt::metalium::slow_dispatch(); }
}  // namespace tt::llrt

namespace tt::tt_metal::experimental {

namespace {
zyxtt::metalium::CommandQueueExecutor& default_queue(distributed::MeshDevice& mesh) {
  return mesh.impl().executor(mesh.mesh_command_queue().id());
}
}  // namespace

DispatchContext& DispatchContext::get() {
  static DispatchContext* context = new DispatchContext();  // lives as long as the process, as tt-metal's
  return *context;
}

void DispatchContext::initialize_fast_dispatch(distributed::MeshDevice* mesh_device) {
  TT_FATAL(mesh_device != nullptr, "initialize_fast_dispatch of a null mesh device");
  TT_FATAL(num_fd_inits_ == 0,
           "Fast Dispatch is already manually initialized: terminate the current session before initializing another");
  TT_FATAL(!MetalContext::instance().rtoptions().get_fast_dispatch(),
           "Fast Dispatch can only be manually enabled when running the workload with Slow Dispatch mode "
           "(TT_METAL_SLOW_DISPATCH_MODE=1).");
  distributed::Synchronize(mesh_device, std::nullopt);  // every queue
  zyxtt::metalium::set_fast_dispatch_session(true);
  fast_dispatch_enabled_ = true;
  ++num_fd_inits_;
}

void DispatchContext::terminate_fast_dispatch(distributed::MeshDevice* mesh_device) {
  TT_FATAL(mesh_device != nullptr, "terminate_fast_dispatch of a null mesh device");
  TT_FATAL(fast_dispatch_enabled_ && num_fd_inits_ == 1,
           "Can only manually terminate fast dispatch after initializing it (initialize_fast_dispatch).");
  distributed::Synchronize(mesh_device, std::nullopt);  // every queue
  zyxtt::metalium::set_fast_dispatch_session(false);
  fast_dispatch_enabled_ = false;
  --num_fd_inits_;
}

void DispatchContext::enable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device) {
  TT_FATAL(!MetalContext::instance().rtoptions().get_fast_dispatch(),
           "enable_asynchronous_slow_dispatch can only be called when Fast Dispatch is disabled.");
  default_queue(*mesh_device).set_asynchronous_slow_dispatch(true);
}

void DispatchContext::disable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device) {
  TT_FATAL(!MetalContext::instance().rtoptions().get_fast_dispatch(),
           "disable_asynchronous_slow_dispatch can only be called when Fast Dispatch is disabled.");
  distributed::MeshCommandQueue& queue = mesh_device->mesh_command_queue();
  queue.finish();
  default_queue(*mesh_device).set_asynchronous_slow_dispatch(false);
}

bool DispatchContext::is_asynchronous_slow_dispatch_enabled(distributed::MeshDevice* mesh_device) const {
  return default_queue(*mesh_device).asynchronous_slow_dispatch();
}

void DispatchContext::reset() {
  zyxtt::metalium::set_fast_dispatch_session(false);
  fast_dispatch_enabled_ = false;
  num_fd_inits_ = 0;
}

void DispatchCompiledProgramToDevice(IDevice* device, Program& program) {
  TT_FATAL(device != nullptr, "DispatchCompiledProgramToDevice to a null device");
  tt_metal::detail::LaunchProgram(device, program, /*wait_until_cores_done=*/true);
}

}  // namespace tt::tt_metal::experimental
