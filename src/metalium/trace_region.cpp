// A chip's trace region as a limit: what a captured trace occupies in it, and
// the bytes held until the trace is released.
#include <tt_stl/assert.hpp>

#include "metalium/mesh_device_impl.h"

namespace tt::tt_metal::distributed {

namespace {
// A first-order model of a trace's dispatch commands, per program per chip.
constexpr uint64_t kLaunchBytes = 512;    // command headers, the launch message and the go signal
constexpr uint64_t kArgBytes = 4;         // a runtime arg word: per core, and common ones once per kernel
constexpr uint64_t kCbConfigBytes = 16;   // a circular buffer index's config (4 words) on one core
constexpr uint64_t kSemaphoreBytes = 4;   // a semaphore's initial value on one core
}  // namespace

uint64_t trace_bytes(const zyxtt::program::Program& program, const zyxtt::program::Run& args) {
  uint64_t bytes = kLaunchBytes;
  for (const zyxtt::program::KernelRunArgs& kernel : args.kernels) {
    bytes += kArgBytes * kernel.common.size();
    for (const auto& [core, words] : kernel.per_core) bytes += kArgBytes * words.size();
  }
  for (const zyxtt::program::CircularBufferSpec& cb : program.circular_buffers)
    bytes += kCbConfigBytes * cb.indices.size() * cb.cores.size();
  for (const zyxtt::program::SemaphoreSpec& semaphore : program.semaphores)
    bytes += kSemaphoreBytes * semaphore.cores.size();
  return bytes;
}

void MeshDeviceImpl::reserve_trace_region(uint32_t trace_id, const Trace& trace) const {
  for (const auto& [chip, bytes] : trace.bytes) {
    const MeshDeviceImpl& region = chip->impl();
    const uint64_t free = region.trace_region_size - region.trace_region_used;
    TT_FATAL(bytes <= free,
             "Trace {} needs {} B of device {}'s trace region, which has {} B free of its {} B ({} B held by other "
             "traces); raise trace_region_size (MeshDevice::create, CreateDevice) or release traces",
             trace_id, bytes, chip->id(), free, region.trace_region_size, region.trace_region_used);
  }
  for (const auto& [chip, bytes] : trace.bytes) chip->impl().trace_region_used += bytes;
}

void MeshDeviceImpl::release_trace_region(const Trace& trace) {
  for (const auto& [chip, bytes] : trace.bytes) chip->impl().trace_region_used -= bytes;
}

MeshDeviceImpl::~MeshDeviceImpl() {
  // A unit mesh's region is its own, going with it; a mesh's chips outlive this body.
  for (const auto& [id, trace] : traces) {
    if (!trace.captured) continue;
    for (const auto& [chip, bytes] : trace.bytes)
      if (chip != self) chip->impl().trace_region_used -= bytes;
  }
}

}  // namespace tt::tt_metal::distributed
