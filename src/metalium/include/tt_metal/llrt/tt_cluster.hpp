// tt-metal's view of the chips under the process (tt::Cluster), as far as its
// test fixtures and env_vars.hpp call it: the emulated system.
#pragma once

#include <set>
#include <vector>

#include <tt-metalium/cluster.hpp>
#include <umd/device/cluster.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

#include "tt_target_device.hpp"

namespace tt {

class Cluster {
 public:
  std::set<ChipId> all_chip_ids() const;
  std::set<ChipId> mmio_chip_ids() const;
  std::set<ChipId> user_exposed_chip_ids() const;
  std::size_t number_of_devices() const { return all_chip_ids().size(); }
  ARCH arch() const { return ARCH::BLACKHOLE; }
  BoardType get_board_type(ChipId chip) const;
  tt_metal::ClusterType get_cluster_type() const;
  // Chips reached through `mmio_chip` over ethernet, each as [mmio_chip, chip].
  std::vector<std::vector<ChipId>> get_tunnels_from_mmio_device(ChipId mmio_chip) const;
  TargetDevice get_target_device_type() const { return TargetDevice::Emule; }
  bool is_mock_or_emulated() const { return true; }
  // Orders host writes to a chip's L1 and DRAM before what follows; the
  // emulator's host writes are complete when they return.
  void l1_barrier(ChipId) const {}
  void dram_barrier(ChipId) const {}
};

}  // namespace tt
