// Protocol buffer indices -> device buffers. Freed indices are handed out
// again, smallest first, so indices stay small over long sessions.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "program/program.h"

namespace zyxtt::server {

class BufferTable {
 public:
  uint32_t insert(const program::PlacedBuffer& buffer);
  // Throws Error(NOT_FOUND) naming `role` (e.g. "src1") and the index.
  const program::PlacedBuffer& at(uint32_t index, const char* role) const;
  std::optional<program::PlacedBuffer> erase(uint32_t index);
  std::vector<program::PlacedBuffer> all() const;
  size_t size() const { return slots_.size() - free_.size(); }

 private:
  std::vector<std::optional<program::PlacedBuffer>> slots_;
  std::set<uint32_t> free_;
};

}  // namespace zyxtt::server
