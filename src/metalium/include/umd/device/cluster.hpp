// tt-umd's cluster, as far as a host program asks it before opening devices.
#pragma once

#include <memory>

#include <umd/device/cluster_descriptor.hpp>

namespace tt::umd {

class Cluster {
 public:
  Cluster() = delete;
  // The chips this host sees: the emulator's.
  static std::unique_ptr<ClusterDescriptor> create_cluster_descriptor();
};

}  // namespace tt::umd
