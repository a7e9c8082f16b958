// The NoC estimator on a small latency table of our own (written where
// tt-metal keeps its table, under a root folder given by
// TT_METAL_RUNTIME_ROOT): lookups, interpolation along sizes and counts,
// relaxation, barriers and errors, against values worked out by hand.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <tt-metalium/experimental/noc_estimator/noc_estimator.hpp>

namespace {

using namespace tt::tt_metal::experimental::noc_estimator;

// Blackhole ONE_TO_ONE unicast (the defaults but arch) at 4 and 16
// transactions per barrier and 1 and 4 subordinates; ONE_FROM_ONE only with same_axis.
constexpr const char* kTable = R"(transaction_sizes: [64, 128, 256, 512]
entries:
  - key: {arch: 3, num_transactions: 4}
    latencies: [100, 110, 140, 200]
  - key: {arch: 3, num_transactions: 16}
    latencies: [200, 220, 280, 400]
  - key: {arch: 3, num_transactions: 4, num_subordinates: 4}
    latencies: [300, 330, 420, 600]
  - key: {arch: 3, num_transactions: 16, num_subordinates: 4}
    latencies: [600, 660, 840, 1200]
  - key: {arch: 3, pattern: 0, same_axis: true}
    latencies: [50, 60, 70, 80]
)";

class TableEnvironment : public testing::Environment {
 public:
  void SetUp() override {
    // One folder per process: ctest runs each test as a process of its own,
    // two at once, and a table rewritten under a reader reads as empty.
    const std::filesystem::path root =
        std::filesystem::path(testing::TempDir()) / ("noc_estimator_root-" + std::to_string(getpid()));
    const std::filesystem::path dir = root / "tt_metal/impl/experimental/noc_estimator/latencies";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "noc_latencies.yaml") << kTable;
    setenv("TT_METAL_RUNTIME_ROOT", root.c_str(), 1);
    root_ = root;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

 private:
  std::filesystem::path root_;
};
const auto* const environment = testing::AddGlobalTestEnvironment(new TableEnvironment);

NocEstimatorParams blackhole(uint32_t per_barrier, uint32_t size, uint32_t subordinates = 1) {
  return NocEstimatorParams{.arch = Architecture::BLACKHOLE,
                            .num_transactions = per_barrier,
                            .num_transactions_per_barrier = per_barrier,
                            .transaction_size_bytes = size,
                            .num_subordinates = subordinates};
}

TEST(NocEstimator, MeasuredPointAndBandwidth) {
  const NocEstimate e = estimate_noc_performance(blackhole(4, 128));
  EXPECT_DOUBLE_EQ(e.latency_cycles, 110.0);
  EXPECT_DOUBLE_EQ(e.bandwidth_bytes_per_cycle, 128.0 * 4 / 110);
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(4, 512)), 200.0);
  EXPECT_DOUBLE_EQ(estimate_noc_bandwidth(blackhole(4, 512)), 512.0 * 4 / 200);
}

// Between measured sizes, the parabola through the two around it and the one
// below: at 192 through (64, 100), (128, 110), (256, 140) it is
// -100/3 + 110 + 140/3 (a straight line would give 125); at the first
// interval through the first three; outside the range, the end's value.
TEST(NocEstimator, QuadraticAlongTransactionSizes) {
  EXPECT_NEAR(estimate_noc_latency(blackhole(4, 192)), 110.0 + 40.0 / 3, 1e-9);
  // At 96: 100 * 5/12 + 110 * 5/8 - 140 / 24.
  EXPECT_NEAR(estimate_noc_latency(blackhole(4, 96)), 100.0 * 5 / 12 + 110.0 * 5 / 8 - 140.0 / 24, 1e-9);
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(4, 32)), 100.0);
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(4, 4096)), 200.0);
}

// 10 transactions: halfway from 4 to 16; 2 subordinates: a third from 1 to 4.
TEST(NocEstimator, MultilinearAcrossTransactionAndSubordinateCounts) {
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(10, 128)), (110.0 + 220.0) / 2);
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(10, 128, 2)), (110.0 + 220.0) / 2 * 2 / 3 + (330.0 + 660.0) / 2 / 3);
  // Past the largest count measured: the largest's.
  EXPECT_DOUBLE_EQ(estimate_noc_latency(blackhole(32, 128)), 220.0);
}

// The table times one barrier's transactions: 64 in barriers of 32 take two.
TEST(NocEstimator, BarriersMultiplyTheLatency) {
  NocEstimatorParams p = blackhole(32, 128);
  p.num_transactions = 64;
  const NocEstimate e = estimate_noc_performance(p);
  EXPECT_DOUBLE_EQ(e.latency_cycles, 440.0);
  EXPECT_DOUBLE_EQ(e.bandwidth_bytes_per_cycle, 128.0 * 64 / 440);
  p.num_transactions = 65;  // a third, partial barrier
  EXPECT_DOUBLE_EQ(estimate_noc_latency(p), 660.0);
}

// ONE_FROM_ONE is measured only with same_axis: the estimate relaxes it.
TEST(NocEstimator, RelaxesSameAxisWhenNothingElseMatches) {
  NocEstimatorParams p = blackhole(1, 512);
  p.pattern = NocPattern::ONE_FROM_ONE;
  EXPECT_DOUBLE_EQ(estimate_noc_latency(p), 80.0);
}

TEST(NocEstimator, UnmeasuredTransfersThrow) {
  NocEstimatorParams p = blackhole(4, 128);
  p.mechanism = NocMechanism::MULTICAST;
  EXPECT_THROW(estimate_noc_performance(p), std::runtime_error);
  p = blackhole(4, 128);
  p.arch = Architecture::WORMHOLE_B0;
  EXPECT_THROW(estimate_noc_performance(p), std::runtime_error);
  p = blackhole(4, 128);
  p.num_transactions_per_barrier = 0;
  EXPECT_THROW(estimate_noc_performance(p), std::invalid_argument);
}

// In a fresh process (the table is read once): a root without the table.
TEST(NocEstimatorDeathTest, MissingTableNamesItsPath) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("TT_METAL_RUNTIME_ROOT", "/nonexistent-root", 1);
        try {
          estimate_noc_performance(blackhole(4, 128));
        } catch (const std::runtime_error& e) {
          const std::string what = e.what();
          std::exit(what.find("/nonexistent-root/tt_metal/impl/experimental/noc_estimator/latencies/noc_latencies.yaml") !=
                            std::string::npos
                        ? 0
                        : 2);
        }
        std::exit(1);
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
