// tt-umd's cluster descriptor YAML (the file TT_METAL_MOCK_CLUSTER_DESC_PATH
// names for tt-metal's mock cluster) read into a Cluster: arch per chip,
// ethernet_connections, chips_with_mmio, harvesting and boards (or the older
// chip_to_boardtype). Links to other hosts are not ours to emulate yet and
// are left out.
#pragma once

#include <filesystem>
#include <string_view>

#include "cluster/cluster.h"

namespace zyxtt::cluster {

// Throws Error(INVALID_ARGUMENT) naming the file, the key and what is
// accepted when the file cannot be read, is not such a descriptor, or
// describes what is not emulated (another arch, an unknown board).
Cluster read_cluster_descriptor(const std::filesystem::path& path);
// The same from text; `name` stands for the file in messages.
Cluster parse_cluster_descriptor(std::string_view yaml, const std::string& name);

}  // namespace zyxtt::cluster
