// The single-device command queue of tt-metal releases before the mesh API
// (device->command_queue(), EnqueueWriteBuffer, EnqueueProgram, Finish),
// kept for programs written against them. The queue is the device's mesh
// command queue 0, with its order and its blocking rules (mesh_command_queue.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class IDevice;

class CommandQueue {
 public:
  explicit CommandQueue(IDevice* device) : device_(device) {}
  IDevice* device() const { return device_; }
  uint32_t id() const { return 0; }

 private:
  IDevice* device_;
};

namespace detail {
// A buffer as the single-device calls take it: by reference or shared.
using BufferRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;
}  // namespace detail

// Declared as in tt-metal's host_api.hpp of that era: the vector reads size
// `dst` to the buffer (page_size * num_pages bytes); a write reads
// buffer.size() bytes (region.size for the sub-buffer calls) from `src`.
void EnqueueReadBuffer(CommandQueue& cq, const detail::BufferRef& buffer, void* dst, bool blocking);
template <typename DType>
void EnqueueReadBuffer(CommandQueue& cq, Buffer& buffer, std::vector<DType>& dst, bool blocking) {
  dst.resize(buffer.page_size() * buffer.num_pages() / sizeof(DType));
  EnqueueReadBuffer(cq, buffer, static_cast<void*>(dst.data()), blocking);
}
template <typename DType>
void EnqueueReadBuffer(CommandQueue& cq, std::shared_ptr<Buffer> buffer, std::vector<DType>& dst, bool blocking) {
  EnqueueReadBuffer(cq, *buffer, dst, blocking);
}

void EnqueueReadSubBuffer(CommandQueue& cq, detail::BufferRef buffer, void* dst, const BufferRegion& region,
                          bool blocking);
template <typename DType>
void EnqueueReadSubBuffer(CommandQueue& cq, Buffer& buffer, std::vector<DType>& dst, const BufferRegion& region,
                          bool blocking) {
  dst.resize(region.size / sizeof(DType));
  EnqueueReadSubBuffer(cq, buffer, static_cast<void*>(dst.data()), region, blocking);
}
template <typename DType>
void EnqueueReadSubBuffer(CommandQueue& cq, std::shared_ptr<Buffer> buffer, std::vector<DType>& dst,
                          const BufferRegion& region, bool blocking) {
  EnqueueReadSubBuffer(cq, *buffer, dst, region, blocking);
}

void EnqueueWriteBuffer(CommandQueue& cq, const detail::BufferRef& buffer, HostDataType src, bool blocking);
template <typename DType>
void EnqueueWriteBuffer(CommandQueue& cq, const detail::BufferRef& buffer, std::vector<DType>& src, bool blocking) {
  EnqueueWriteBuffer(cq, buffer, static_cast<const void*>(src.data()), blocking);
}

void EnqueueWriteSubBuffer(CommandQueue& cq, const detail::BufferRef& buffer, HostDataType src,
                           const BufferRegion& region, bool blocking);
template <typename DType>
void EnqueueWriteSubBuffer(CommandQueue& cq, const detail::BufferRef& buffer, std::vector<DType>& src,
                           const BufferRegion& region, bool blocking) {
  EnqueueWriteSubBuffer(cq, buffer, static_cast<const void*>(src.data()), region, blocking);
}

void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking);
void Finish(CommandQueue& cq, tt::stl::Span<const SubDeviceId> sub_device_ids = {});

}  // namespace tt::tt_metal
