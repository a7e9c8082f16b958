// What a device's Allocator answers from: the device it belongs to, asked
// afresh each time (so a closed device's allocator says it is closed).
#pragma once

#include <tt-metalium/device.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_set>
#include <vector>

namespace tt::tt_metal {

namespace detail {

// The buffers allocated on a device now. Each buffer in it holds it too, so
// that one outliving its device can still leave it.
struct AllocatedBuffers {
  std::mutex mutex;
  std::unordered_set<Buffer*> buffers;
};

}  // namespace detail

class AllocatorImpl {
 public:
  explicit AllocatorImpl(const IDevice* device) : device(device) {}
  const IDevice* device;
  // get_bank_ids_from_logical_core's answers, kept: it returns references.
  std::mutex bank_ids_mutex;
  std::map<std::tuple<BufferType, size_t, size_t>, std::vector<uint32_t>> bank_ids_of_core;
  const std::shared_ptr<detail::AllocatedBuffers> allocated = std::make_shared<detail::AllocatedBuffers>();
};

}  // namespace tt::tt_metal
