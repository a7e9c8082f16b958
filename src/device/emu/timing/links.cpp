#include "device/emu/timing/links.h"

#include <algorithm>
#include <array>
#include <cstring>

#include <sys/mman.h>

namespace zyxtt::emu::timing {

namespace {

constexpr uint64_t kLinkCapacity = static_cast<uint64_t>(kNocBytesPerCycle) << kWindowShift;
constexpr uint64_t kBankCapacity = static_cast<uint64_t>(kDramBankBytesPerCycle * (1u << kWindowShift));
constexpr CyclesPerByte kBankCost = per_byte(kDramBankBytesPerCycle);

enum Kind : uint32_t { kLinkX = 0, kLinkY = 1, kEject = 2 };

}  // namespace

NocXY dram_endpoint(uint32_t bank) {
  static constexpr std::array<NocXY, 8> kEndpoints{{{0, 11}, {0, 3}, {0, 8}, {0, 6}, {9, 11}, {9, 3}, {9, 8}, {9, 6}}};
  return kEndpoints[bank % kEndpoints.size()];
}

constexpr size_t kChunkBytes = size_t{512} * sizeof(uint64_t);

LinkLoad::LinkLoad()
    : chunks_(new std::atomic<uint64_t*>[size_t{kResources} * kChunks]), full_below_(new std::atomic<uint64_t>[kResources]) {
  for (size_t i = 0; i < kResources; ++i) full_below_[i].store(0, std::memory_order_relaxed);
  static_assert(kChunkWindows * sizeof(uint64_t) == kChunkBytes);
  for (size_t i = 0; i < size_t{kResources} * kChunks; ++i) chunks_[i].store(nullptr, std::memory_order_relaxed);
  void* p = mmap(nullptr, kPoolChunks * kChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p != MAP_FAILED) pool_ = static_cast<uint64_t*>(p);  // else nothing is counted
  used_.reserve(kPoolChunks);
}

LinkLoad::~LinkLoad() {
  if (pool_ != nullptr) munmap(pool_, kPoolChunks * kChunkBytes);
}

void LinkLoad::reset() {
  std::lock_guard lock(mutex_);
  for (size_t slot : used_) chunks_[slot].store(nullptr, std::memory_order_relaxed);
  for (size_t i = 0; i < kResources; ++i) full_below_[i].store(0, std::memory_order_relaxed);
  if (!used_.empty()) std::memset(pool_, 0, used_.size() * kChunkBytes);
  used_.clear();
}

// The chunk's windows, or null when the pool is spent.
uint64_t* LinkLoad::allocate(uint32_t resource, uint64_t chunk) {
  std::lock_guard lock(mutex_);
  const size_t at = size_t{resource} * kChunks + chunk;
  if (uint64_t* p = chunks_[at].load(std::memory_order_acquire)) return p;  // another thread was first
  if (pool_ == nullptr || used_.size() == kPoolChunks) return nullptr;
  uint64_t* p = pool_ + used_.size() * kChunkWindows;
  used_.push_back(at);
  chunks_[at].store(p, std::memory_order_release);
  return p;
}

inline uint64_t* LinkLoad::window(uint32_t resource, uint64_t w) {
  const uint64_t chunk = w / kChunkWindows;
  if (chunk >= kChunks) [[unlikely]] return nullptr;  // past the horizon: not counted
  uint64_t* p = chunks_[size_t{resource} * kChunks + chunk].load(std::memory_order_acquire);
  if (p == nullptr) [[unlikely]] {
    p = allocate(resource, chunk);
    if (p == nullptr) return nullptr;
  }
  return p + w % kChunkWindows;
}

// Relaxed loads and stores, not read-modify-writes: two host threads in one
// window at once may lose one's bytes (the model is then a little
// optimistic), which keeps the NOC calls' hot path free of locked operations.
uint64_t LinkLoad::occupy(uint32_t resource, uint64_t start, uint64_t bytes, uint64_t capacity, CyclesPerByte cost) {
  std::atomic<uint64_t>& full_below = full_below_[resource];
  for (uint64_t w = std::max(start >> kWindowShift, full_below.load(std::memory_order_relaxed));; ++w) {
    uint64_t* level = window(resource, w);
    if (level == nullptr) return 0;
    std::atomic_ref<uint64_t> a(*level);
    const uint64_t old = a.load(std::memory_order_relaxed);
    if (old < capacity) {
      const uint64_t now = old + bytes;
      a.store(now, std::memory_order_relaxed);
      if (now < capacity) return (w << kWindowShift) + bytes_cycles(now, cost);
      bytes = now - capacity;  // full: the rest spills into the next window
      if (bytes == 0) {
        if (full_below.load(std::memory_order_relaxed) == w) full_below.store(w + 1, std::memory_order_relaxed);
        return (w << kWindowShift) + bytes_cycles(capacity, cost);
      }
    }
    if (full_below.load(std::memory_order_relaxed) == w) full_below.store(w + 1, std::memory_order_relaxed);
  }
}

uint64_t LinkLoad::route(uint8_t noc, NocXY from, NocXY to, uint64_t start, uint64_t bytes) {
  noc &= 1;
  const uint32_t base = noc * kNodes;
  uint32_t x = from.x % kNocCols, y = from.y % kNocRows;
  const uint32_t tx = to.x % kNocCols, ty = to.y % kNocRows;
  const uint32_t step_x = noc == 0 ? 1 : kNocCols - 1, step_y = noc == 0 ? 1 : kNocRows - 1;
  uint64_t done = 0;
  for (; x != tx; x = (x + step_x) % kNocCols)
    done = std::max(done, occupy((base + y * kNocCols + x) * 3 + kLinkX, start, bytes, kLinkCapacity, kNocCost));
  for (; y != ty; y = (y + step_y) % kNocRows)
    done = std::max(done, occupy((base + y * kNocCols + x) * 3 + kLinkY, start, bytes, kLinkCapacity, kNocCost));
  return std::max(done, occupy((base + y * kNocCols + x) * 3 + kEject, start, bytes, kLinkCapacity, kNocCost));
}

uint64_t LinkLoad::eject(uint8_t noc, NocXY at, uint64_t start, uint64_t bytes) {
  const uint32_t node = (noc & 1) * kNodes + (at.y % kNocRows) * kNocCols + at.x % kNocCols;
  return occupy(node * 3 + kEject, start, bytes, kLinkCapacity, kNocCost);
}

uint64_t LinkLoad::bank(uint32_t bank, uint64_t start, uint64_t bytes) {
  return occupy(2 * kNodes * 3 + bank % kBanks, start, bytes, kBankCapacity, kBankCost);
}

}  // namespace zyxtt::emu::timing
