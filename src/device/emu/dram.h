// Emulated DRAM: every bank in one sparse memfd mapping (untouched pages cost
// nothing, and a device-worker process can map the same memfd). Where a
// buffer's pages live is page_map.h's business.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "device/arch.h"

namespace zyxtt::emu {

// Bank-local DRAM addresses of buffers start above 0 so that no buffer has
// address 0, which kernels may treat as "no buffer".
inline constexpr uint64_t kDramUnreservedBase = 64 * 1024;

class Dram {
 public:
  explicit Dram(const Arch& arch);
  ~Dram();
  Dram(const Dram&) = delete;
  Dram& operator=(const Dram&) = delete;

  int fd() const { return fd_; }
  std::byte* bank(uint32_t index) const { return base_ + uint64_t{index} * bank_bytes_; }
  uint32_t banks() const { return banks_; }
  uint64_t bank_bytes() const { return bank_bytes_; }

  // Returns the memory of `per_bank_bytes` at `address` in every bank to the
  // system; it reads as zero afterwards.
  void discard(uint64_t address, uint64_t per_bank_bytes);

 private:
  int fd_ = -1;
  std::byte* base_ = nullptr;
  uint32_t banks_;
  uint64_t bank_bytes_;
};

}  // namespace zyxtt::emu
