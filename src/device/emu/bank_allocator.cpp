#include "device/emu/bank_allocator.h"

#include <algorithm>

namespace zyxtt::emu {

BankAllocator::BankAllocator(uint64_t base, uint64_t limit, uint64_t granule, bool top_down)
    : granule_(granule), top_down_(top_down) {
  uint64_t start = (base + granule - 1) / granule * granule;
  uint64_t end = limit / granule * granule;
  limit_ = end;
  if (end > start) {
    free_[start] = end - start;
    free_bytes_ = end - start;
    managed_bytes_ = end - start;
  }
}

std::optional<uint64_t> BankAllocator::allocate(uint64_t bytes) {
  if (bytes == 0) return std::nullopt;
  uint64_t want = (bytes + granule_ - 1) / granule_ * granule_;
  if (want < bytes) return std::nullopt;  // overflow
  if (top_down_) {
    for (auto it = free_.rbegin(); it != free_.rend(); ++it) {
      if (it->second < want) continue;
      const uint64_t start = it->first + it->second - want;
      if (it->second == want) {
        free_.erase(std::next(it).base());
      } else {
        it->second -= want;
      }
      used_[start] = want;
      free_bytes_ -= want;
      return start;
    }
    return std::nullopt;
  }
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < want) continue;
    uint64_t start = it->first;
    uint64_t rest = it->second - want;
    free_.erase(it);
    if (rest > 0) free_[start + want] = rest;
    used_[start] = want;
    free_bytes_ -= want;
    return start;
  }
  return std::nullopt;
}

bool BankAllocator::allocate_at(uint64_t address, uint64_t bytes) {
  if (bytes == 0 || address % granule_ != 0) return false;
  const uint64_t want = (bytes + granule_ - 1) / granule_ * granule_;
  if (want < bytes || address + want < address) return false;  // overflow
  auto it = free_.upper_bound(address);
  if (it == free_.begin()) return false;
  --it;
  const uint64_t start = it->first;
  const uint64_t end = start + it->second;
  if (address + want > end) return false;
  free_.erase(it);
  if (address > start) free_[start] = address - start;
  if (address + want < end) free_[address + want] = end - address - want;
  used_[address] = want;
  free_bytes_ -= want;
  return true;
}

uint64_t BankAllocator::free(uint64_t address) {
  auto used = used_.find(address);
  if (used == used_.end()) return 0;
  const uint64_t freed = used->second;
  used_.erase(used);
  free_bytes_ += freed;

  uint64_t start = address;
  uint64_t length = freed;
  auto next = free_.lower_bound(start);
  if (next != free_.end() && start + length == next->first) {
    length += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      prev->second += length;
      return freed;
    }
  }
  free_[start] = length;
  return freed;
}

uint64_t BankAllocator::largest_free_range() const {
  uint64_t best = 0;
  for (const auto& [start, length] : free_) best = std::max(best, length);
  return best;
}

uint64_t BankAllocator::allocated_size(uint64_t address) const {
  auto it = used_.find(address);
  return it == used_.end() ? 0 : it->second;
}

}  // namespace zyxtt::emu
