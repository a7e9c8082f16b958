// The L1 of the arch's worker cores, core after core in row-major order, and
// of its ethernet cores, in
// one memfd: the runtime maps it to write and read L1 buffers, the device
// worker maps it MAP_32BIT so that the 32-bit L1 addresses kernels get are
// real pointers. It outlives runs (and worker restarts), as L1 buffers do.
#pragma once

#include <cstddef>
#include <cstdint>

#include "device/arch.h"

namespace zyxtt::emu {

// Worker cores first, then the ethernet cores (kEthChannels of kEthL1Bytes).
inline uint64_t tensix_l1_bytes(const Arch& arch) { return uint64_t{arch.grid_rows} * arch.grid_cols * arch.l1_bytes; }
inline uint64_t l1_arena_bytes(const Arch& arch) { return tensix_l1_bytes(arch) + kEthChannels * kEthL1Bytes; }
inline uint64_t eth_l1_offset(const Arch& arch, uint32_t channel) {
  return tensix_l1_bytes(arch) + uint64_t{channel} * kEthL1Bytes;
}

class L1Memory {
 public:
  explicit L1Memory(const Arch& arch);
  ~L1Memory();
  L1Memory(const L1Memory&) = delete;
  L1Memory& operator=(const L1Memory&) = delete;

  int fd() const { return fd_; }
  // Core (x, y)'s L1 starts at base() + (y * grid columns + x) * l1_bytes.
  std::byte* base() const { return base_; }

 private:
  int fd_ = -1;
  std::byte* base_ = nullptr;
  uint64_t bytes_ = 0;
};

}  // namespace zyxtt::emu
