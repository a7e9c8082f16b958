// The live DRAM allocations in a memfd that the runtime writes and its device
// worker maps read-only: the worker's NOC bounds checks see every buffer,
// including one allocated after the worker started, without the table
// crossing the worker link on each run. The runtime changes it only between
// runs (it waits for each run's answer), so no lock is needed; the worker
// copies it when its generation moved.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "device/emu/run_context.h"

namespace zyxtt::emu {

class SharedRegions {
 public:
  // The runtime's side: a new table for up to `capacity` regions (sparse:
  // untouched pages cost nothing).
  explicit SharedRegions(size_t capacity);
  // The worker's side: maps the table behind `fd` read-only; takes the fd.
  static SharedRegions attach(int fd);
  ~SharedRegions();
  SharedRegions(SharedRegions&& other) noexcept;
  SharedRegions& operator=(SharedRegions&&) = delete;
  SharedRegions(const SharedRegions&) = delete;

  int fd() const { return fd_; }

  // Runtime: adds or removes a region, keeping address order. The capacity
  // covers every page of a bank, so insert never overflows for regions the
  // allocator hands out.
  void insert(const DramRegion& region);
  void erase(uint64_t address);

  // Bumped by every change.
  uint64_t generation() const;
  size_t size() const;
  // Worker: the regions, sorted by address.
  void copy_to(std::vector<DramRegion>& out) const;

 private:
  struct Header {
    std::atomic<uint64_t> generation;
    uint64_t count;
    uint64_t capacity;
  };
  SharedRegions() = default;
  static size_t bytes_for(size_t capacity) { return sizeof(Header) + capacity * sizeof(DramRegion); }
  DramRegion* regions() const { return reinterpret_cast<DramRegion*>(header_ + 1); }

  int fd_ = -1;
  Header* header_ = nullptr;
  size_t mapped_ = 0;
};

}  // namespace zyxtt::emu
