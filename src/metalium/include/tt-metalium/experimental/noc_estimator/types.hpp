// The NoC estimator's vocabulary (tt-metal's experimental API): what a
// transfer is, and the key its measured latencies are filed under.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tt::tt_metal::experimental::noc_estimator {

// tt::ARCH's values.
enum class Architecture { WORMHOLE_B0 = 2, BLACKHOLE = 3 };

enum class NocMechanism { UNICAST, MULTICAST, MULTICAST_LINKED };

enum class MemoryType { L1, DRAM_INTERLEAVED, DRAM_SHARDED };

// FROM: reads, TO: writes.
enum class NocPattern {
  ONE_FROM_ONE,
  ONE_TO_ONE,
  ONE_FROM_ALL,
  ONE_TO_ALL,
  ALL_TO_ALL,
  ALL_FROM_ALL,
  ONE_TO_ROW,
  ROW_TO_ROW,
  ONE_TO_COLUMN,
  COLUMN_TO_COLUMN
};

// The transaction sizes each latency table row has one latency for.
inline const std::vector<uint32_t> STANDARD_TRANSACTION_SIZES = {64,   128,  256,   512,   1024, 2048,
                                                                 4096, 8192, 16384, 32768, 65536};

struct LatencyData {
  std::vector<double> latencies;  // cycles, one per transaction size
};

// What a table entry's key means when it leaves a field out.
constexpr int DEFAULT_MECHANISM = 0;  // UNICAST
constexpr int DEFAULT_PATTERN = 1;    // ONE_TO_ONE
constexpr int DEFAULT_MEMORY = 0;     // L1
constexpr int DEFAULT_ARCH = static_cast<int>(Architecture::WORMHOLE_B0);
constexpr uint32_t DEFAULT_NUM_TRANSACTIONS = 1;
constexpr uint32_t DEFAULT_NUM_SUBORDINATES = 1;
constexpr bool DEFAULT_SAME_AXIS = false;
constexpr bool DEFAULT_STATEFUL = false;
constexpr bool DEFAULT_LOOPBACK = false;
constexpr uint32_t DEFAULT_NOC_INDEX = 0;

// Everything a measurement depends on but the transaction size; ordered
// field by field, in declaration order.
struct GroupKey {
  NocMechanism mechanism;
  NocPattern pattern;
  MemoryType memory;
  Architecture arch;
  uint32_t num_transactions;
  uint32_t num_subordinates;
  bool same_axis;
  bool stateful;
  bool loopback;
  uint32_t noc_index;

  auto operator<=>(const GroupKey&) const = default;
  bool operator==(const GroupKey&) const = default;

  // Equal but for the numeric fields (num_transactions, num_subordinates),
  // the ones interpolated between.
  bool matches_non_numeric(const GroupKey& other) const {
    return mechanism == other.mechanism && pattern == other.pattern && memory == other.memory &&
           arch == other.arch && same_axis == other.same_axis && stateful == other.stateful &&
           loopback == other.loopback && noc_index == other.noc_index;
  }
};

// The numeric fields by name, for interpolating over any of them.
struct NumericFields {
  static std::map<std::string, uint32_t> extract(const GroupKey& key) {
    return {{"num_transactions", key.num_transactions}, {"num_subordinates", key.num_subordinates}};
  }

  static GroupKey with_values(const GroupKey& base, const std::map<std::string, uint32_t>& values) {
    GroupKey key = base;
    key.num_transactions = values.at("num_transactions");
    key.num_subordinates = values.at("num_subordinates");
    return key;
  }
};

}  // namespace tt::tt_metal::experimental::noc_estimator
