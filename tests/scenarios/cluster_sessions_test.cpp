// zyx's sessions, unchanged, on a chip of every cluster the emulator names and
// of a tt-umd descriptor with harvesting, through the real binary, real pipes
// and real shared memory: the runtime serves the chip --device-id names (a
// chip other than 0 where the cluster has one), answers its grid, and the
// V2 / V2.5 / V3 sessions (protocol_session.h) and recorded zyx 0.16 and
// newer sessions from the shared corpus compute what the host computes.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <ostream>

#include "corpus_case.h"
#include "protocol_session.h"

namespace zyxtt::testing {
namespace {

// A chip of a cluster: its cluster by name, or by a tt-umd descriptor's text.
struct ClusterChip {
  std::string label;  // the test's name suffix
  std::string cluster;
  std::string descriptor;
  int device_id;
  uint32_t rows, cols;
};

void PrintTo(const ClusterChip& c, std::ostream* os) { *os << c.label; }

// Chip 1 has two Tensix columns (as firmware leaves a P150) and one DRAM bank
// harvested, and no PCIe: the host reaches it through chip 0, whose three
// harvested columns leave 11 (so the grid answer tells the chips apart).
constexpr const char* kHarvestedDescriptor =
    "arch: {0: blackhole, 1: blackhole}\n"
    "chips_with_mmio: [{0: 0}]\n"
    "ethernet_connections: [[{chip: 0, chan: 2}, {chip: 1, chan: 2}], [{chip: 0, chan: 3}, {chip: 1, chan: 3}]]\n"
    "harvesting: {0: {harvest_mask: 7}, 1: {harvest_mask: 3, dram_harvesting_mask: 1}}\n"
    "boards: [[{board_id: 7}, {board_type: p300}, {chips: [0, 1]}]]\n";

const ClusterChip kChips[] = {
    {"p100a", "p100a", "", 0, 10, 12},          {"p150", "p150", "", 0, 10, 12},
    {"p300_chip1", "p300", "", 1, 10, 12},      {"4xp150_chip3", "4xp150", "", 3, 10, 12},
    {"8xp150_chip5", "8xp150", "", 5, 10, 12},  {"galaxy_chip31", "galaxy", "", 31, 10, 13},
    {"2x3_chip4", "2x3", "", 4, 10, 12},        {"descriptor_chip1", "", kHarvestedDescriptor, 1, 10, 12},
};

class ZyxSessionsOnClusters : public ProtocolSession, public ::testing::WithParamInterface<ClusterChip> {
 protected:
  void SetUp() override { restart(args(), {}, env()); }
  void TearDown() override {
    ProtocolSession::TearDown();
    if (!descriptor_.empty()) std::filesystem::remove(descriptor_);
  }

  std::vector<std::string> args() const {
    std::vector<std::string> out{"--device-id", std::to_string(GetParam().device_id)};
    if (!GetParam().cluster.empty()) out.insert(out.begin(), {"--cluster", GetParam().cluster});
    return out;
  }
  // The descriptor's file, written once per test, named by the environment.
  std::vector<std::pair<std::string, std::string>> env() {
    if (GetParam().descriptor.empty()) return {};
    if (descriptor_.empty()) {
      descriptor_ = std::filesystem::temp_directory_path() / fmt::format("zyxtt-cluster-sessions-{}.yaml", getpid());
      std::ofstream(descriptor_) << GetParam().descriptor;
    }
    return {{"TT_METAL_MOCK_CLUSTER_DESC_PATH", descriptor_.string()}};
  }

  // A recorded zyx session from the shared corpus, replayed on this chip.
  void replay(const std::string& name) {
    SCOPED_TRACE(name);
    static const std::vector<CorpusCase> all = CorpusCase::discover();
    auto c = std::find_if(all.begin(), all.end(), [&](const CorpusCase& x) { return x.name == name; });
    ASSERT_NE(c, all.end()) << name << " is not in the corpus at " << corpus_root();
    const ReplayResult result = c->replay(args(), env());
    std::string errors;
    for (const auto& e : result.errors) errors += e + "\n";
    ASSERT_TRUE(result.errors.empty()) << errors;
    ASSERT_TRUE(result.final_read.has_value());
    EXPECT_EQ(c->compare(*result.final_read, c->expected()), "");
  }

  std::filesystem::path descriptor_;
};

TEST_P(ZyxSessionsOnClusters, TheRuntimeServesTheNamedChipAndTheNewerSessionsPass) {
  EXPECT_EQ(raw(R"({"cmd":"grid"})"),
            fmt::format(R"({{"status":"ok","rows":"{}","cols":"{}"}})", GetParam().rows, GetParam().cols));
  v2_variables_session();
  v25_dst_capacity_session();
  v25_fp32_dest_acc_session();
  v3_formats_session();
  v25_integer_formats_session();
  v3_empty_compute_session();
  v3_page_counts_session();
  expect_still_serves();
}

// zyx 0.16's two programs in a row on one core (its generator's writers read
// their CB at the global element index, which only a one-core grid survives:
// tests/corpus/known_defects.cpp); the newer generator's 320 x 384 add on
// every core of a 10 x 12 grid and its fused sin + add on 2 x 2 cores.
TEST_P(ZyxSessionsOnClusters, RecordedZyxSessionsReproduceTheirExpectedOutput) {
  if (corpus_root().empty()) GTEST_SKIP() << "no shared corpus; set ZYXTT_CORPUS_DIR";
  replay("v016_multi_two_step_sin_then_add_f32_32x32");
  replay("head_shape_add_f32_320x384");
  replay("head_fused_sin_add_f32_64x64");
}

INSTANTIATE_TEST_SUITE_P(Every, ZyxSessionsOnClusters, ::testing::ValuesIn(kChips),
                         [](const ::testing::TestParamInfo<ClusterChip>& info) { return info.param.label; });

}  // namespace
}  // namespace zyxtt::testing
