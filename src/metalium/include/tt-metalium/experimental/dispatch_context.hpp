// Switching a slow-dispatch process to fast dispatch and back while it runs
// (tt-metal's experimental DispatchContext, for weight loading on Galaxy and
// Blackhole). The emulator's two modes differ only in when an enqueue returns:
// in slow dispatch after its command ran, in fast dispatch at once.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

class IDevice;
class Program;

namespace distributed {
class MeshDevice;
}  // namespace distributed

namespace experimental {

class DispatchContext {
 public:
  static DispatchContext& get();
  // Opens a fast-dispatch session: only from slow dispatch
  // (TT_METAL_SLOW_DISPATCH_MODE), one at a time; the mesh's queues finish first.
  void initialize_fast_dispatch(distributed::MeshDevice* mesh_device);
  // Closes the session (its queues finish first); throws when none is open.
  void terminate_fast_dispatch(distributed::MeshDevice* mesh_device);
  // In slow dispatch, lets the mesh's command queue return from an enqueue
  // before the command ran; kept across fast-dispatch sessions.
  void enable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device);
  void disable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device);
  bool is_asynchronous_slow_dispatch_enabled(distributed::MeshDevice* mesh_device) const;
  // Forgets the session without closing queues (test teardown).
  void reset();

 private:
  DispatchContext() = default;
  ~DispatchContext() = default;

  bool fast_dispatch_enabled_ = false;
  uint32_t num_fd_inits_ = 0;
};

// Runs a program already compiled for another device on `device`.
void DispatchCompiledProgramToDevice(IDevice* device, Program& program);

}  // namespace experimental

}  // namespace tt::tt_metal
