#include "server/buffer_table.h"

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::server {

uint32_t BufferTable::insert(const program::PlacedBuffer& buffer) {
  if (!free_.empty()) {
    uint32_t index = *free_.begin();
    free_.erase(free_.begin());
    slots_[index] = buffer;
    return index;
  }
  slots_.push_back(buffer);
  return static_cast<uint32_t>(slots_.size() - 1);
}

const program::PlacedBuffer& BufferTable::at(uint32_t index, const char* role) const {
  if (index >= slots_.size() || !slots_[index]) {
    throw Error(Code::kNotFound,
                fmt::format("{}: buffer index {} is not allocated; use an index that alloc_buf returned", role,
                            index));
  }
  return *slots_[index];
}

std::optional<program::PlacedBuffer> BufferTable::erase(uint32_t index) {
  if (index >= slots_.size() || !slots_[index]) return std::nullopt;
  std::optional<program::PlacedBuffer> out = slots_[index];
  slots_[index].reset();
  free_.insert(index);
  return out;
}

std::vector<program::PlacedBuffer> BufferTable::all() const {
  std::vector<program::PlacedBuffer> out;
  for (const auto& slot : slots_)
    if (slot) out.push_back(*slot);
  return out;
}

}  // namespace zyxtt::server
