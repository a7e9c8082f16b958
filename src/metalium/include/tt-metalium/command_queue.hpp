// The single-device command queue of tt-metal releases before the mesh API
// (device->command_queue(), EnqueueWriteBuffer, EnqueueProgram, Finish),
// kept for programs written against them. Every call completes before it
// returns.
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

using BufferRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;

void EnqueueWriteBuffer(CommandQueue& cq, BufferRef buffer, const void* src, bool blocking);
void EnqueueReadBuffer(CommandQueue& cq, BufferRef buffer, void* dst, bool blocking);

template <typename DType>
void EnqueueWriteBuffer(CommandQueue& cq, BufferRef buffer, std::vector<DType>& src, bool blocking) {
  EnqueueWriteBuffer(cq, std::move(buffer), static_cast<const void*>(src.data()), blocking);
}
template <typename DType>
void EnqueueReadBuffer(CommandQueue& cq, BufferRef buffer, std::vector<DType>& dst, bool blocking) {
  const auto size = std::visit([](const auto& b) -> uint64_t {
    if constexpr (std::is_same_v<std::decay_t<decltype(b)>, std::shared_ptr<Buffer>>) {
      return b->size();
    } else {
      return b.get().size();
    }
  }, buffer);
  dst.resize(size / sizeof(DType));
  EnqueueReadBuffer(cq, std::move(buffer), static_cast<void*>(dst.data()), blocking);
}

void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking);
void Finish(CommandQueue& cq, tt::stl::Span<const SubDeviceId> sub_device_ids = {});

}  // namespace tt::tt_metal
