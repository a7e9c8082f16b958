// What the chips of one emulated cluster share: each chip's device worker
// maps every other chip's DRAM and L1 (their memfds), so that an ethernet
// send lands in the linked chip's core at once, and one LinkBlock through
// which the workers tell whether any chip can still move (a kernel waiting
// for another chip is not a deadlock while that chip runs).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "device/arch.h"
#include "common/futex.h"
#include "device/emu/rank_mail.h"
#include "device/fabric_routes.h"

namespace zyxtt::emu {

// A Galaxy is 32 chips; a few spare for descriptors of bigger meshes.
inline constexpr uint32_t kMaxLinkedChips = 64;

// The far end of a chip's ethernet channel.
struct EthPeer {
  static constexpr uint32_t kNone = ~0u;
  uint32_t chip = kNone;
  uint32_t channel = 0;
  bool linked() const { return chip != kNone; }
  // One word per channel on the worker link.
  uint32_t pack() const { return linked() ? chip << 8 | channel : kNone; }
  static EthPeer unpack(uint32_t word) { return word == kNone ? EthPeer{} : EthPeer{word >> 8, word & 0xFF}; }
};

// Shared by the runtime and every chip's worker (a memfd). The runtime marks
// a chip busy before it sends a run and idle after the answer; a worker
// whose kernels all wait marks the epoch it saw. Every delivery into another
// chip bumps the epoch after its bytes landed, so "every busy chip waits, at
// the current epoch" means nothing in the cluster can move any more.
struct LinkBlock {
  struct alignas(64) Chip {
    std::atomic<uint32_t> busy{0};
    std::atomic<uint64_t> quiet_at{0};  // epoch + 1 while all its kernels wait; 0 otherwise
  };
  alignas(64) std::atomic<uint64_t> epoch{0};
  // Chips' threads asleep until something moves (sleep_until_moved), and the
  // word they sleep on, bumped only while someone sleeps.
  std::atomic<uint32_t> sleepers{0};
  std::atomic<uint32_t> moved{0};
  // Kernel compiles in progress for any chip: the program that ends a wait
  // may still be on its way (its compile takes seconds), so none is judged.
  std::atomic<uint32_t> host_busy{0};
  Chip chips[kMaxLinkedChips];
  // Chips another MPI rank emulates, a bit each: a delivery into one goes to
  // the sending chip's mail ring, which this rank's host carries over
  // (rank_mail.h). Untouched rings cost no memory.
  std::atomic<uint64_t> remote_chips{0};
  std::atomic<uint32_t> mail_doorbell{0};
  MailRing mail[kMaxLinkedChips];  // by sending chip
};

// Something moved into a chip (a delivery landed, the host finished a
// compile): the epoch moves, and chips asleep in sleep_until_moved wake.
inline void announce_move(LinkBlock& link) {
  link.epoch.fetch_add(1, std::memory_order_seq_cst);
  if (link.sleepers.load(std::memory_order_seq_cst) != 0) {
    link.moved.fetch_add(1, std::memory_order_seq_cst);
    futex_wake(link.moved);
  }
}

// Sleeps at most `timeout_us` unless the epoch moves past `seen`.
inline void sleep_until_moved(LinkBlock& link, uint64_t seen, uint32_t timeout_us) {
  link.sleepers.fetch_add(1, std::memory_order_seq_cst);
  const uint32_t moved = link.moved.load(std::memory_order_seq_cst);
  if (link.epoch.load(std::memory_order_seq_cst) == seen) futex_wait(link.moved, moved, timeout_us);
  link.sleepers.fetch_sub(1, std::memory_order_seq_cst);
}

// Marks the host busy for its lifetime; at the end the epoch moves, so that
// chips that waited all along start their grace again.
class HostBusy {
 public:
  explicit HostBusy(LinkBlock* link) : link_(link) {
    if (link_ != nullptr) link_->host_busy.fetch_add(1, std::memory_order_acq_rel);
  }
  ~HostBusy() {
    if (link_ == nullptr) return;
    announce_move(*link_);
    link_->host_busy.fetch_sub(1, std::memory_order_acq_rel);
  }
  HostBusy(const HostBusy&) = delete;
  HostBusy& operator=(const HostBusy&) = delete;

 private:
  LinkBlock* link_;
};

// A chip's device workers beyond its first run its sub-devices' programs at
// the same time (EmuDevice::run_in_lane); each has a place of its own in
// LinkBlock::chips, after every chip's first: lane l of chip c of `chips`.
inline uint32_t lane_slot(uint32_t chips, uint32_t chip, uint32_t lane) { return lane * chips + chip; }
inline uint32_t lanes_per_chip(uint32_t chips) { return chips == 0 ? 1 : kMaxLinkedChips / chips; }

// A worker's view of its cluster: every chip's memory as mapped in the
// worker (its own chip's L1 at its 32-bit addresses), its own channels'
// peers, every chip's links and mesh place (the fabric's routes), and the
// link block.
struct LinkedChip {
  const Arch* arch = nullptr;
  uint8_t* dram = nullptr;
  uint8_t* l1 = nullptr;
};
struct LinkedChips {
  uint32_t self = 0;
  uint32_t slot = 0;  // its place in link->chips (lane_slot)
  std::vector<LinkedChip> chips;
  std::array<EthPeer, kEthChannels> peers{};
  fabric::Routes routes;
  LinkBlock* link = nullptr;
};

// The worker's descriptors of a cluster's memory: chip i's DRAM at
// first + 2i, its L1 at first + 2i + 1, the link block after the last chip.
inline int linked_dram_fd(int first, uint32_t chip) { return first + 2 * static_cast<int>(chip); }
inline int linked_l1_fd(int first, uint32_t chip) { return first + 2 * static_cast<int>(chip) + 1; }
inline int link_block_fd(int first, uint32_t chips) { return first + 2 * static_cast<int>(chips); }

}  // namespace zyxtt::emu
