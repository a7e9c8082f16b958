#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "zyxtt/client.h"

namespace fs = std::filesystem;

namespace {

class FakeSysfs : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("zyxtt-sysfs-" + std::to_string(getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  void device(const std::string& name, const std::string& vendor, const std::string& subsystem) {
    fs::create_directories(root_ / name);
    std::ofstream(root_ / name / "vendor") << vendor << "\n";
    std::ofstream(root_ / name / "subsystem_device") << subsystem << "\n";
  }
  fs::path root_;
};

constexpr uint64_t kGiB = 1ull << 30;

}  // namespace

TEST_F(FakeSysfs, RecognisesBlackholeBoards) {
  device("0000:00:01.0", "0x8086", "0x0043");  // not Tenstorrent
  device("0000:03:00.0", "0x1e52", "0x0043");  // p100a
  EXPECT_EQ(zyxtt::client::detect_dram_bytes(root_), 28 * kGiB);
}

TEST_F(FakeSysfs, P150AndP300) {
  device("a", "0x1e52", "0x0041");
  EXPECT_EQ(zyxtt::client::detect_dram_bytes(root_), 32 * kGiB);
  fs::remove_all(root_ / "a");
  device("b", "0x1e52", "0x0045");
  EXPECT_EQ(zyxtt::client::detect_dram_bytes(root_), 64 * kGiB);
}

TEST_F(FakeSysfs, UnknownOrMissingFallsBackTo64GiB) {
  EXPECT_EQ(zyxtt::client::detect_dram_bytes(root_ / "does-not-exist"), 64 * kGiB);
  device("c", "0x1e52", "0x9999");
  EXPECT_EQ(zyxtt::client::detect_dram_bytes(root_), 64 * kGiB);
}
