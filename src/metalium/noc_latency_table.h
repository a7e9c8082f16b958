// tt-metal's table of NoC latencies measured on silicon, as its NoC
// estimator reads it (experimental/noc_estimator).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <tt-metalium/experimental/noc_estimator/types.hpp>

namespace zyxtt::metalium::noc {

namespace est = tt::tt_metal::experimental::noc_estimator;

struct LatencyTable {
  std::vector<uint32_t> transaction_sizes;
  std::map<est::GroupKey, est::LatencyData> entries;
};

// Where tt-metal keeps it, under its checkout (the root folder, kernel_paths.h).
std::string latency_table_path();

// The YAML file at `path`: transaction_sizes, then entries of a key (fields
// left out take types.hpp's defaults) and one latency per size. Throws
// std::runtime_error naming the file when it cannot be read or holds no entry.
LatencyTable load_latency_table(const std::string& path);

}  // namespace zyxtt::metalium::noc
