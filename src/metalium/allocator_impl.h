// What a device's Allocator answers from: the device it belongs to, asked
// afresh each time (so a closed device's allocator says it is closed).
#pragma once

#include <tt-metalium/device.hpp>

namespace tt::tt_metal {

class AllocatorImpl {
 public:
  explicit AllocatorImpl(const IDevice* device) : device(device) {}
  const IDevice* device;
};

}  // namespace tt::tt_metal
