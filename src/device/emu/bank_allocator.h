// Lock-step allocator of bank-local address ranges: one range serves every
// bank. First fit over an address-ordered free list that coalesces on free,
// so mixed alloc/free cycles do not fragment without bound.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace zyxtt::emu {

class BankAllocator {
 public:
  // Manages [base, limit) of every bank in units of `granule` bytes.
  // `top_down`: ranges are taken from the top of the highest free range that
  // fits (tt-metal places L1 buffers so, leaving the bottom to CBs).
  BankAllocator(uint64_t base, uint64_t limit, uint64_t granule, bool top_down = false);

  // Returns the start of a free range of `bytes` (rounded up to granules).
  std::optional<uint64_t> allocate(uint64_t bytes);
  // Takes the range of `bytes` (rounded up to granules) that starts at
  // `address`, a granule boundary; false when any of it is not free.
  bool allocate_at(uint64_t address, uint64_t bytes);
  // Frees a range that allocate() returned; returns its rounded size.
  // Returns 0 for an address that is not allocated.
  uint64_t free(uint64_t address);

  uint64_t free_bytes() const { return free_bytes_; }
  // [base, limit) in whole granules: what allocations may take.
  uint64_t managed_bytes() const { return managed_bytes_; }
  uint64_t largest_free_range() const;
  size_t free_range_count() const { return free_.size(); }
  // Every allocation as (start, rounded length), in address order.
  const std::map<uint64_t, uint64_t>& allocations() const { return used_; }
  // Rounded size of the allocation at `address`, or 0.
  uint64_t allocated_size(uint64_t address) const;

  // Lowest allocated address (the limit when nothing is allocated).
  uint64_t lowest_allocated() const { return used_.empty() ? limit_ : used_.begin()->first; }

 private:
  uint64_t granule_;
  uint64_t limit_ = 0;
  bool top_down_ = false;
  uint64_t free_bytes_ = 0;
  uint64_t managed_bytes_ = 0;
  std::map<uint64_t, uint64_t> free_;  // start -> length
  std::map<uint64_t, uint64_t> used_;  // start -> length
};

}  // namespace zyxtt::emu
