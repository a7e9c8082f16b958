// tt-metal's experimental NoC estimator: a transfer's latency and bandwidth
// from latencies measured on silicon (tt-metal's table, read from the
// checkout at TT_METAL_HOME on first use), interpolated between measured
// points. Estimates describe silicon, not the emulator.
#pragma once

#include <cstdint>

#include <tt-metalium/experimental/noc_estimator/types.hpp>

namespace tt::tt_metal::experimental::noc_estimator {

struct NocEstimatorParams {
  NocMechanism mechanism = NocMechanism::UNICAST;
  NocPattern pattern = NocPattern::ONE_TO_ONE;
  MemoryType memory = MemoryType::L1;
  Architecture arch = Architecture::WORMHOLE_B0;
  uint32_t num_transactions = 64;
  uint32_t num_transactions_per_barrier = 1;  // the table's num_transactions
  uint32_t transaction_size_bytes = 512;
  uint32_t num_subordinates = 1;
  bool same_axis = false;
  bool stateful = false;
  bool loopback = false;
  uint32_t noc_index = 0;
};

struct NocEstimate {
  double bandwidth_bytes_per_cycle = 0.0;
  double latency_cycles = 0.0;
};

// Throws std::runtime_error when the table cannot be read or has nothing for
// the transfer's mechanism, pattern, memory and architecture.
NocEstimate estimate_noc_performance(const NocEstimatorParams& params);

double estimate_noc_bandwidth(const NocEstimatorParams& params);
double estimate_noc_latency(const NocEstimatorParams& params);

}  // namespace tt::tt_metal::experimental::noc_estimator
