// Protocol buffer indices -> device buffers. Freed indices are handed out
// again, smallest first, so indices stay small over long sessions.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "device/device.h"

namespace zyxtt::server {

class BufferTable {
 public:
  uint32_t insert(const DeviceBuffer& buffer);
  // Throws Error(NOT_FOUND) naming `role` (e.g. "src1") and the index.
  const DeviceBuffer& at(uint32_t index, const char* role) const;
  std::optional<DeviceBuffer> erase(uint32_t index);
  std::vector<DeviceBuffer> all() const;
  size_t size() const { return slots_.size() - free_.size(); }

 private:
  std::vector<std::optional<DeviceBuffer>> slots_;
  std::set<uint32_t> free_;
};

}  // namespace zyxtt::server
