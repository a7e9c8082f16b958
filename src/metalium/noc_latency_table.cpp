#include "metalium/noc_latency_table.h"

#include <stdexcept>

#include <yaml-cpp/yaml.h>

#include "metalium/kernel_paths.h"

namespace zyxtt::metalium::noc {

namespace {

template <typename T>
T field(const YAML::Node& key, const char* name, T fallback) {
  const YAML::Node v = key[name];
  return v ? v.as<T>() : fallback;
}

est::GroupKey parse_key(const YAML::Node& key) {
  return est::GroupKey{
      .mechanism = static_cast<est::NocMechanism>(field<int>(key, "mechanism", est::DEFAULT_MECHANISM)),
      .pattern = static_cast<est::NocPattern>(field<int>(key, "pattern", est::DEFAULT_PATTERN)),
      .memory = static_cast<est::MemoryType>(field<int>(key, "memory", est::DEFAULT_MEMORY)),
      .arch = static_cast<est::Architecture>(field<int>(key, "arch", est::DEFAULT_ARCH)),
      .num_transactions = field<uint32_t>(key, "num_transactions", est::DEFAULT_NUM_TRANSACTIONS),
      .num_subordinates = field<uint32_t>(key, "num_subordinates", est::DEFAULT_NUM_SUBORDINATES),
      .same_axis = field<bool>(key, "same_axis", est::DEFAULT_SAME_AXIS),
      .stateful = field<bool>(key, "stateful", est::DEFAULT_STATEFUL),
      .loopback = field<bool>(key, "loopback", est::DEFAULT_LOOPBACK),
      .noc_index = field<uint32_t>(key, "noc_index", est::DEFAULT_NOC_INDEX),
  };
}

}  // namespace

std::string latency_table_path() {
  return root_dir() + "tt_metal/impl/experimental/noc_estimator/latencies/noc_latencies.yaml";
}

LatencyTable load_latency_table(const std::string& path) {
  LatencyTable table;
  try {
    const YAML::Node root = YAML::LoadFile(path);
    table.transaction_sizes = root["transaction_sizes"].as<std::vector<uint32_t>>();
    for (const YAML::Node& entry : root["entries"]) {
      table.entries[parse_key(entry["key"])] = est::LatencyData{entry["latencies"].as<std::vector<double>>()};
    }
  } catch (const YAML::Exception& e) {
    throw std::runtime_error("Failed to load the NoC latency table " + path + ": " + e.what());
  }
  if (table.entries.empty()) throw std::runtime_error("The NoC latency table " + path + " has no entries");
  return table;
}

}  // namespace zyxtt::metalium::noc
