// Timing model: what the transfers of a run share (docs/timing-model.md,
// "Contention"). Each NOC link, each core's ejection port and each DRAM
// bank has a timeline cut into windows of kWindowCycles; the bytes routed
// over it in a window queue behind one another from the window's start, and
// a full window spills into the next. Order-free at first order: cores run
// in any emulation order, and a transfer only meets the bytes that share
// its windows in model time.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "device/emu/timing/model.h"

namespace zyxtt::emu::timing {

// Blackhole's NOC is a 17 x 12 torus; NOC 0 routes east then south, NOC 1
// (its mirror) west then north.
inline constexpr uint32_t kNocCols = 17, kNocRows = 12;
inline constexpr uint32_t kWindowShift = 10;  // 1024-cycle windows
// A transfer under a flit is not counted against links or banks (see the doc).
inline constexpr uint64_t kLinkMinBytes = 64;

// A DRAM bank's NOC endpoint: channels 0-3 in column 0, 4-7 in column 9, each
// at its preferred worker endpoint.
struct NocXY {
  uint32_t x, y;
};
NocXY dram_endpoint(uint32_t bank);

class LinkLoad {
 public:
  LinkLoad();
  ~LinkLoad();
  LinkLoad(const LinkLoad&) = delete;
  LinkLoad& operator=(const LinkLoad&) = delete;

  // Empties every timeline (a run's clocks start at 0).
  void reset();
  // `bytes` leaving `from` at `start` for `to` on `noc`: when the last of
  // them has crossed the busiest link of the route and `to`'s ejection port.
  // A multicast routes to its rectangle's far corner and ejects at each
  // other destination.
  uint64_t route(uint8_t noc, NocXY from, NocXY to, uint64_t start, uint64_t bytes);
  uint64_t eject(uint8_t noc, NocXY at, uint64_t start, uint64_t bytes);
  // `bytes` through DRAM bank `bank` from `start`: when the bank has moved them.
  uint64_t bank(uint32_t bank, uint64_t start, uint64_t bytes);

 private:
  static constexpr uint32_t kChunkWindows = 512;  // windows a chunk holds
  static constexpr uint32_t kChunks = 256;        // per resource: 134M cycles (~99 ms) of model time
  static constexpr uint32_t kBanks = 16;
  // Resources: per NOC per node its x link out, its y link out, its ejection port; then the banks.
  static constexpr uint32_t kNodes = kNocCols * kNocRows;
  static constexpr uint32_t kResources = 2 * kNodes * 3 + kBanks;

  uint64_t occupy(uint32_t resource, uint64_t start, uint64_t bytes, uint64_t capacity, CyclesPerByte cost);
  uint64_t* window(uint32_t resource, uint64_t w);
  uint64_t* allocate(uint32_t resource, uint64_t chunk);

  // Chunks come from a pool mapped once (zero pages until touched): kernels
  // run on helper threads in the worker's sandbox, where a thread's first
  // malloc may make a system call the sandbox refuses. Past the pool's
  // chunks, transfers are not counted.
  static constexpr size_t kPoolChunks = 16384;  // 64 MiB of address space
  std::unique_ptr<std::atomic<uint64_t*>[]> chunks_;  // kResources x kChunks
  // Per resource: every window below this one is full. A saturated link's
  // queue is skipped in one step instead of scanned window by window.
  std::unique_ptr<std::atomic<uint64_t>[]> full_below_;
  uint64_t* pool_ = nullptr;
  std::mutex mutex_;          // guards the two below
  std::vector<size_t> used_;  // the slots of chunks_ handed out since the last reset, in pool order
};

}  // namespace zyxtt::emu::timing
