// tt-umd's cluster descriptor YAML (the file TT_METAL_MOCK_CLUSTER_DESC_PATH
// names for tt-metal's mock cluster) read into a Cluster: arch per chip,
// ethernet_connections, chips_with_mmio, harvesting and boards (or the older
// chip_to_boardtype). Links to other hosts (by the far chip's unique id) are
// kept apart: one host's cluster leaves them out, joined hosts
// (rank_descriptors.h) link through them.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/cluster.h"

namespace zyxtt::cluster {

// A link from a chip of this host to a chip of another, known by its unique id.
struct RemoteLink {
  EthEnd local;
  uint64_t remote_unique_id = 0;
  uint32_t remote_channel = 0;
};

// One host's descriptor: its chips (ids 0..n-1), the links among them, each
// chip's unique id (chip_unique_ids) and its links to other hosts
// (ethernet_connections_to_remote_devices).
struct HostDescriptor {
  std::string name;
  std::vector<Chip> chips;
  std::vector<EthLink> links;
  std::map<uint32_t, uint64_t> unique_ids;
  std::vector<RemoteLink> remote_links;
};
HostDescriptor read_host_descriptor(const std::filesystem::path& path);
HostDescriptor parse_host_descriptor(std::string_view yaml, const std::string& name);

// Throws Error(INVALID_ARGUMENT) naming the file, the key and what is
// accepted when the file cannot be read, is not such a descriptor, or
// describes what is not emulated (another arch, an unknown board).
Cluster read_cluster_descriptor(const std::filesystem::path& path);
// The same from text; `name` stands for the file in messages.
Cluster parse_cluster_descriptor(std::string_view yaml, const std::string& name);

}  // namespace zyxtt::cluster
