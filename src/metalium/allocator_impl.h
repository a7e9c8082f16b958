// What a device's Allocator answers from: the device it belongs to, asked
// afresh each time (so a closed device's allocator says it is closed).
#pragma once

#include <tt-metalium/device.hpp>

#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace tt::tt_metal {

class AllocatorImpl {
 public:
  explicit AllocatorImpl(const IDevice* device) : device(device) {}
  const IDevice* device;
  // get_bank_ids_from_logical_core's answers, kept: it returns references.
  std::mutex bank_ids_mutex;
  std::map<std::tuple<BufferType, size_t, size_t>, std::vector<uint32_t>> bank_ids_of_core;
};

}  // namespace tt::tt_metal
