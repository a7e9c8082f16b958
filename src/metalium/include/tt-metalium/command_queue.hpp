// The single-device command queue of tt-metal releases before the mesh API
// (EnqueueWriteBuffer, EnqueueProgram, Finish), kept for older programs.
// Every call completes before it returns.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/program.hpp>

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

// The queue of a device made by CreateDevice or MeshDevice::create_unit_mesh.
CommandQueue& GetCommandQueue(IDevice* device);

void EnqueueWriteBuffer(CommandQueue& cq, const std::shared_ptr<Buffer>& buffer, const void* src, bool blocking);
void EnqueueReadBuffer(CommandQueue& cq, const std::shared_ptr<Buffer>& buffer, void* dst, bool blocking);

template <typename T>
void EnqueueWriteBuffer(CommandQueue& cq, const std::shared_ptr<Buffer>& buffer, const std::vector<T>& src,
                        bool blocking) {
  EnqueueWriteBuffer(cq, buffer, static_cast<const void*>(src.data()), blocking);
}
template <typename T>
void EnqueueReadBuffer(CommandQueue& cq, const std::shared_ptr<Buffer>& buffer, std::vector<T>& dst, bool blocking) {
  dst.resize(buffer->size() / sizeof(T));
  EnqueueReadBuffer(cq, buffer, static_cast<void*>(dst.data()), blocking);
}

void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking);
void Finish(CommandQueue& cq);

}  // namespace tt::tt_metal
