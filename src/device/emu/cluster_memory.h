// The memory of every chip of an emulated cluster, made together in the
// process that owns the chips (sparse memfds: an untouched chip costs
// nothing), so that each chip's worker can be given all of it when it
// starts (interconnect.h).
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "device/emu/dram.h"
#include "device/emu/interconnect.h"
#include "device/emu/l1_memory.h"

namespace zyxtt::emu {

struct ChipMemory {
  explicit ChipMemory(const Arch& arch) : dram(arch), l1(arch) {}
  Dram dram;
  L1Memory l1;
};

struct ChipTopology {
  const Arch* arch = nullptr;
  std::array<EthPeer, kEthChannels> peers{};  // by channel
  uint32_t mesh_row = 0;  // where the chip sits on the cluster's mesh
  uint32_t mesh_col = 0;
};

class ClusterMemory {
 public:
  // Throws Error(INVALID_ARGUMENT) beyond kMaxLinkedChips.
  explicit ClusterMemory(std::vector<ChipTopology> chips);
  ~ClusterMemory();
  ClusterMemory(const ClusterMemory&) = delete;
  ClusterMemory& operator=(const ClusterMemory&) = delete;

  size_t size() const { return chips_.size(); }
  const ChipTopology& topology(uint32_t chip) const { return chips_.at(chip); }
  ChipMemory& memory(uint32_t chip) const { return *memory_.at(chip); }
  int link_fd() const { return link_fd_; }
  LinkBlock& link() const { return *link_; }

 private:
  std::vector<ChipTopology> chips_;
  std::vector<std::unique_ptr<ChipMemory>> memory_;
  int link_fd_ = -1;
  LinkBlock* link_ = nullptr;
};

}  // namespace zyxtt::emu
