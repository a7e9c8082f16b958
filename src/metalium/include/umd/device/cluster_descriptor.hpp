// tt-umd's description of the chips a host sees; here, the emulated ones.
#pragma once

#include <map>
#include <unordered_set>

#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::umd {

class ClusterDescriptor {
 public:
  explicit ClusterDescriptor(std::map<ChipId, ARCH> chips) : chips_(std::move(chips)) {}
  std::unordered_set<ChipId> get_all_chips() const;
  // Throws for a chip the cluster does not have.
  ARCH get_arch(ChipId chip) const;
  std::size_t get_number_of_chips() const { return chips_.size(); }

 private:
  std::map<ChipId, ARCH> chips_;
};

}  // namespace tt::umd
