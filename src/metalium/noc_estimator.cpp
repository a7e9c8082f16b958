// The NoC estimator (experimental/noc_estimator): tt-metal's lookup in its
// latency table, the same answers for the same table. A transfer's key found
// in the table is interpolated along the transaction sizes; else between the
// nearest measured transaction and subordinate counts; else, relaxing
// noc_index, then same_axis, stateful and loopback, from the first entry that
// matches the rest.
#include <tt-metalium/experimental/noc_estimator/noc_estimator.hpp>

#include <algorithm>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>

#include "metalium/noc_latency_table.h"

namespace tt::tt_metal::experimental::noc_estimator {

namespace {

using zyxtt::metalium::noc::LatencyTable;

const LatencyTable& table() {
  static std::mutex mutex;
  static std::optional<LatencyTable> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = zyxtt::metalium::noc::load_latency_table(zyxtt::metalium::noc::latency_table_path());
  return *loaded;
}

// One row's latency at `size`: a measured size's own, the nearest end's
// outside the measured range; between two measured sizes the parabola through
// them and the size below (the first or last three at the ends).
double along_sizes(const LatencyData& row, const std::vector<uint32_t>& sizes, uint32_t size) {
  const size_t n = std::min(sizes.size(), row.latencies.size());
  if (n == 0) return 0.0;
  size_t hi = 0;
  while (hi < n && sizes[hi] < size) ++hi;
  if (hi == n) return row.latencies[n - 1];
  if (hi == 0 || sizes[hi] == size) return row.latencies[hi];
  const size_t lo = hi - 1;
  if (n >= 3) {
    const size_t first = lo == 0 ? 0 : hi == n - 1 ? n - 3 : lo - 1;
    const double x = size;
    double sum = 0.0;
    bool distinct = true;
    for (size_t i = first; i < first + 3; ++i) {
      double basis = 1.0;
      for (size_t j = first; j < first + 3; ++j) {
        if (j == i) continue;
        distinct = distinct && sizes[i] != sizes[j];
        basis *= (x - sizes[j]) / (static_cast<double>(sizes[i]) - sizes[j]);
      }
      sum += basis * row.latencies[i];
    }
    if (distinct) return sum;
  }
  const double t = static_cast<double>(size - sizes[lo]) / (sizes[hi] - sizes[lo]);
  return row.latencies[lo] + t * (row.latencies[hi] - row.latencies[lo]);
}

// Multilinear between the measured values of each numeric field nearest the
// key's (each field's values taken over all entries matching the key's other
// fields); a corner the table lacks adds nothing, as in tt-metal.
double across_counts(const GroupKey& key, uint32_t size, const LatencyTable& t) {
  std::map<std::string, std::set<uint32_t>> measured;
  for (const auto& [k, row] : t.entries) {
    if (!k.matches_non_numeric(key)) continue;
    for (const auto& [name, v] : NumericFields::extract(k)) measured[name].insert(v);
  }
  struct Bracket {
    std::string name;
    uint32_t lo, hi;
    double w;  // of hi
  };
  std::vector<Bracket> brackets;
  for (const auto& [name, v] : NumericFields::extract(key)) {
    const std::set<uint32_t>& values = measured[name];
    if (values.empty()) return 0.0;
    const auto above = values.upper_bound(v);
    const auto at_or_above = values.lower_bound(v);
    const uint32_t lo = above == values.begin() ? *values.begin() : *std::prev(above);
    const uint32_t hi = at_or_above == values.end() ? *values.rbegin() : *at_or_above;
    brackets.push_back({name, lo, hi, lo == hi ? 0.0 : static_cast<double>(v - lo) / (hi - lo)});
  }
  double latency = 0.0;
  for (size_t corner = 0; corner < size_t{1} << brackets.size(); ++corner) {
    std::map<std::string, uint32_t> values;
    double weight = 1.0;
    for (size_t i = 0; i < brackets.size(); ++i) {
      const bool upper = (corner >> i) & 1;
      values[brackets[i].name] = upper ? brackets[i].hi : brackets[i].lo;
      weight *= upper ? brackets[i].w : 1.0 - brackets[i].w;
    }
    const auto it = t.entries.find(NumericFields::with_values(key, values));
    if (it != t.entries.end()) latency += weight * along_sizes(it->second, t.transaction_sizes, size);
  }
  return latency;
}

// The fields relaxed, cumulatively, in this order.
constexpr const char* kRelaxable[] = {"noc_index", "same_axis", "stateful", "loopback"};

bool matches_relaxing(const GroupKey& a, const GroupKey& b, size_t relaxed) {
  return a.memory == b.memory && a.mechanism == b.mechanism && a.pattern == b.pattern && a.arch == b.arch &&
         (relaxed > 0 || a.noc_index == b.noc_index) && (relaxed > 1 || a.same_axis == b.same_axis) &&
         (relaxed > 2 || a.stateful == b.stateful) && (relaxed > 3 || a.loopback == b.loopback);
}

double relaxed_latency(const GroupKey& key, uint32_t size, const LatencyTable& t) {
  for (size_t relaxed = 1; relaxed <= std::size(kRelaxable); ++relaxed) {
    for (const auto& [k, row] : t.entries) {
      if (!matches_relaxing(key, k, relaxed)) continue;
      GroupKey nearest = k;
      nearest.num_transactions = key.num_transactions;
      nearest.num_subordinates = key.num_subordinates;
      const auto it = t.entries.find(nearest);
      const double latency = it != t.entries.end() ? along_sizes(it->second, t.transaction_sizes, size)
                                                   : across_counts(nearest, size, t);
      if (latency > 0) std::cerr << "Warning: Used fallback (relaxed " << kRelaxable[relaxed - 1] << ")\n";
      return latency;
    }
  }
  return 0.0;
}

}  // namespace

NocEstimate estimate_noc_performance(const NocEstimatorParams& params) {
  const LatencyTable& t = table();
  if (params.num_transactions_per_barrier == 0) {
    throw std::invalid_argument("NoC estimate: num_transactions_per_barrier must be at least 1");
  }
  const GroupKey key{.mechanism = params.mechanism,
                     .pattern = params.pattern,
                     .memory = params.memory,
                     .arch = params.arch,
                     .num_transactions = params.num_transactions_per_barrier,
                     .num_subordinates = params.num_subordinates,
                     .same_axis = params.same_axis,
                     .stateful = params.stateful,
                     .loopback = params.loopback,
                     .noc_index = params.noc_index};
  const uint32_t size = params.transaction_size_bytes;
  double latency = 0.0;
  if (const auto it = t.entries.find(key); it != t.entries.end()) {
    latency = along_sizes(it->second, t.transaction_sizes, size);
  } else if (std::any_of(t.entries.begin(), t.entries.end(),
                         [&](const auto& entry) { return entry.first.matches_non_numeric(key); })) {
    latency = across_counts(key, size, t);
  } else {
    latency = relaxed_latency(key, size, t);
    if (latency <= 0) throw std::runtime_error("No match found for the given parameters, even with relaxation.");
  }
  // The table times one barrier's worth of transactions.
  const uint32_t per_barrier = params.num_transactions_per_barrier;
  latency *= std::max(1u, (params.num_transactions + per_barrier - 1) / per_barrier);
  NocEstimate estimate{.latency_cycles = latency};
  if (latency > 0) estimate.bandwidth_bytes_per_cycle = static_cast<double>(size) * params.num_transactions / latency;
  return estimate;
}

double estimate_noc_bandwidth(const NocEstimatorParams& params) {
  return estimate_noc_performance(params).bandwidth_bytes_per_cycle;
}

double estimate_noc_latency(const NocEstimatorParams& params) { return estimate_noc_performance(params).latency_cycles; }

}  // namespace tt::tt_metal::experimental::noc_estimator
