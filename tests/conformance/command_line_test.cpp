// --help, --version and the environment twins of every option.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt::testing;

namespace {

std::string run_capture(const std::string& args, int* status) {
  std::string cmd = std::string(ZYXTT_RUNTIME_PATH) + " " + args + " 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, f)) out.append(buf, n);
  *status = pclose(f);
  return out;
}

}  // namespace

TEST(CommandLine, HelpListsEveryOptionWithItsEnvironmentVariable) {
  int status = 0;
  std::string help = run_capture("--help", &status);
  EXPECT_EQ(status, 0);
  for (const char* pair : {"--log-level", "ZYX_TT_LOG", "--arch", "ZYX_TT_ARCH", "--virtual-grid",
                           "ZYX_TT_VIRTUAL_GRID", "--keepalive-after", "ZYX_TT_KEEPALIVE_AFTER",
                           "--keepalive-every", "ZYX_TT_KEEPALIVE_EVERY", "--threads", "ZYX_TT_THREADS",
                           "--run-timeout", "ZYX_TT_RUN_TIMEOUT", "--noc-alignment", "ZYX_TT_NOC_ALIGNMENT",
                           "--dprint", "ZYX_TT_DPRINT", "--strict", "ZYX_TT_STRICT", "--unpack-to-dest", "ZYX_TT_UNPACK_TO_DEST",
                           "--idle-spin-us", "ZYX_TT_IDLE_SPIN_US", "--kernel-api", "ZYX_TT_KERNEL_API",
                           "--compiler", "ZYX_TT_COMPILER", "--compile-timeout", "ZYX_TT_COMPILE_TIMEOUT",
                           "--worker-memory", "ZYX_TT_WORKER_MEMORY", "--max-line-bytes", "ZYX_TT_MAX_LINE_BYTES",
                           "--device", "ZYX_TT_DEVICE", "--device-id", "ZYX_TT_DEVICE_ID", "--metal-plugin",
                           "ZYX_TT_METAL_PLUGIN", "--cluster", "ZYX_TT_CLUSTER", "--trace", "ZYX_TT_TRACE"}) {
    EXPECT_NE(help.find(pair), std::string::npos) << pair;
  }
}

TEST(CommandLine, VersionPrintsAndExits) {
  int status = 0;
  std::string out = run_capture("--version", &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.rfind("zyx-tt-runtime ", 0), 0u) << out;
}

TEST(CommandLine, BadOptionValuesAreRefused) {
  int status = 0;
  std::string out = run_capture("--arch wormhole </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("unknown arch 'wormhole'"), std::string::npos) << out;
  out = run_capture("--idle-spin-us 200000 </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--idle-spin-us"), std::string::npos) << out;
  out = run_capture("--worker-memory lots </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--worker-memory: expected a size such as 4G, 512M or 1073741824"), std::string::npos) << out;
  out = run_capture("--worker-memory 300M </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("the device worker needs at least 512M"), std::string::npos) << out;
  out = run_capture("--cluster 4x </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--cluster: unknown cluster '4x'; known: p100a"), std::string::npos) << out;
  // The environment twin goes through the same check.
  out = run_capture("</dev/null; ZYX_TT_WORKER_MEMORY=1.5x " + std::string(ZYXTT_RUNTIME_PATH) + " </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("expected a size such as 4G"), std::string::npos) << out;
}

// The emulator serves a chip of its cluster; one the cluster lacks stops it
// at start. (With --device metal the id names a card, opened at init.)
TEST(CommandLine, AChipTheClusterLacksIsRefusedAtStart) {
  int status = 0;
  const std::string out = run_capture("--cluster p300 --device-id 2 </dev/null", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--device-id 2 (ZYX_TT_DEVICE_ID=2): cluster p300 has chips 0 to 1; more chips: --cluster "
                     "(ZYX_TT_CLUSTER) or TT_METAL_MOCK_CLUSTER_DESC_PATH"),
            std::string::npos)
      << out;
}

// A program whose output shows how the arch interleaves a buffer: the reader
// copies the page that bank 0 holds at the buffer's address + 4096, which is
// page 7 of the buffer on p100a (7 banks) and page 8 on p150 (8 banks).
class EnvironmentTwins : public RuntimeTest {
 protected:
  void SetUp() override {}
  void start_env(std::vector<std::pair<std::string, std::string>> env) {
    zyxtt::client::SpawnOptions options = runtime_options();
    options.env = std::move(env);
    start_with(options, cache_dir_for_tests());
  }
  // Runs the probe program on `gd0` x `gd1` cores; returns the run's answer
  // and, in `page`, the number the output's first word holds.
  std::string second_page_of_bank_0(uint32_t gd0, uint32_t gd1, float* page) {
    const Kernels k{R"(
void kernel_main() {
  cb_reserve_back(tt::CBIndex::c_0, 1);
  noc_async_read(get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0) + 4096), get_write_ptr(tt::CBIndex::c_0), 4096);
  noc_async_read_barrier();
  cb_push_back(tt::CBIndex::c_0, 1);
}
)",
                    "void kernel_main() {}\n", R"(
void kernel_main() {
  const InterleavedAddrGen<true> dst = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_wait_front(tt::CBIndex::c_0, 1);
  if (get_arg_val<uint32_t>(1) == 0 && get_arg_val<uint32_t>(2) == 0) {  // core (row 0, column 0)
    noc_async_write(get_read_ptr(tt::CBIndex::c_0), get_noc_addr(0, dst), 4096);
    noc_async_write_barrier();
  }
  cb_pop_front(tt::CBIndex::c_0, 1);
}
)"};
    const zyxtt::client::CbConfig cbs[] = {{0, zyxtt::client::CbFormat::kFloat32}};
    EXPECT_EQ(raw(compile_command(1, k, cbs), payload(k)), R"({"status":"ok"})");
    constexpr uint32_t kPages = 16, kWords = 1024;
    std::vector<std::byte> in(kPages * 4096);
    for (uint32_t i = 0; i < kPages * kWords; ++i) {
      const float v = float(i / kWords);
      std::memcpy(&in[i * 4], &v, 4);
    }
    const uint32_t src = alloc(in.size()), dst = alloc(4096);
    write(src, in);
    const uint32_t srcs[] = {src}, dsts[] = {dst};
    const std::string answer = raw(run_command(1, gd0, gd1, srcs, dsts));
    const std::vector<std::byte> out = read(dst, 4096);
    std::memcpy(page, out.data(), 4);
    return answer;
  }
};

TEST_F(EnvironmentTwins, ArchChoosesTheNumberOfDramBanks) {
  float page = -1;
  start_env({});
  ASSERT_EQ(second_page_of_bank_0(1, 1, &page), R"({"status":"ok"})");
  EXPECT_EQ(page, 7.0f) << "p100a interleaves over 7 banks";
  runtime_.reset();
  start_env({{"ZYX_TT_ARCH", "p150"}});
  ASSERT_EQ(second_page_of_bank_0(1, 1, &page), R"({"status":"ok"})");
  EXPECT_EQ(page, 8.0f) << "ZYX_TT_ARCH=p150 interleaves over 8 banks";
}

TEST_F(EnvironmentTwins, VirtualGridAcceptsGridsBeyondTheArchs) {
  float page = -1;
  start_env({});
  EXPECT_EQ(code_of(second_page_of_bank_0(32, 32, &page)), "OUT_OF_RANGE");
  runtime_.reset();
  start_env({{"ZYX_TT_VIRTUAL_GRID", "1"}});
  ASSERT_EQ(second_page_of_bank_0(32, 32, &page), R"({"status":"ok"})");
  EXPECT_EQ(page, 7.0f);
}

// The chip --device-id names in the cluster --cluster or tt-metal's mock
// descriptor describes: its grid and its DRAM banks, harvesting applied.
TEST_F(EnvironmentTwins, ClusterAndDeviceIdChooseTheChipTheRuntimeServes) {
  float page = -1;
  start_env({{"ZYX_TT_CLUSTER", "galaxy"}, {"ZYX_TT_DEVICE_ID", "31"}});
  EXPECT_EQ(raw(R"({"cmd":"grid"})"), R"({"status":"ok","rows":"10","cols":"13"})");
  ASSERT_EQ(second_page_of_bank_0(10, 13, &page), R"({"status":"ok"})");
  EXPECT_EQ(page, 8.0f);
  runtime_.reset();

  const std::filesystem::path desc =
      std::filesystem::temp_directory_path() / ("zyxtt-conformance-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(desc) << "arch: {0: blackhole, 1: blackhole}\n"
                         "chips_with_mmio: [{0: 0}]\n"
                         "ethernet_connections: [[{chip: 0, chan: 0}, {chip: 1, chan: 0}]]\n"
                         "harvesting: {0: {harvest_mask: 3}, 1: {harvest_mask: 7, dram_harvesting_mask: 3}}\n"
                         "boards: [[{board_id: 1}, {board_type: p300}, {chips: [0, 1]}]]\n";
  start_env({{"TT_METAL_MOCK_CLUSTER_DESC_PATH", desc.string()}, {"ZYX_TT_DEVICE_ID", "1"}});
  EXPECT_EQ(raw(R"({"cmd":"grid"})"), R"({"status":"ok","rows":"10","cols":"11"})");
  ASSERT_EQ(second_page_of_bank_0(10, 11, &page), R"({"status":"ok"})");
  EXPECT_EQ(page, 6.0f) << "two of chip 1's eight banks are harvested";
  EXPECT_EQ(code_of(second_page_of_bank_0(10, 12, &page)), "OUT_OF_RANGE");
  runtime_.reset();
  std::filesystem::remove(desc);
}
