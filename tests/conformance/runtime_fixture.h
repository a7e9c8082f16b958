// Starts the real zyx-tt-runtime and speaks to it with raw lines and real
// shared memory; every test ends by checking that a sentinel buffer written
// at the start still holds its bytes and the runtime still answers.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/shm.h"
#include "zyxtt/client.h"

namespace zyxtt::testing {

inline client::SpawnOptions runtime_options(std::vector<std::string> args = {}) {
  client::SpawnOptions options;
  options.program = ZYXTT_RUNTIME_PATH;
  options.args = std::move(args);
  options.timeout_ms = 30000;
  return options;
}

// One cache for the whole ctest run (tests/CMakeLists.txt removes it after).
inline std::string cache_dir_for_tests() { return ZYXTT_TEST_RUNTIME_CACHE; }

class RuntimeTest : public ::testing::Test {
 protected:
  void start(std::vector<std::string> args = {}) { start_with(runtime_options(std::move(args)), cache_dir_for_tests()); }
  // For tests that need more than arguments (stderr capture, a kernel cache
  // kept across test processes).
  void start_with(const client::SpawnOptions& options, const std::string& cache_dir) {
    runtime_ = std::make_unique<client::RuntimeProcess>(options);
    ASSERT_EQ(raw(R"({"cmd":"init","cache_dir":")" + cache_dir + R"("})"), R"({"status":"ready"})");
    sentinel_ = alloc(8192);
    sentinel_bytes_.resize(8192);
    for (size_t i = 0; i < sentinel_bytes_.size(); ++i) sentinel_bytes_[i] = static_cast<std::byte>(i * 7 + 3);
    write(sentinel_, sentinel_bytes_);
  }
  // Replaces the running runtime (it exits on EOF first) with one started
  // with `args` and `env` added to the environment, its stderr sent to
  // `stderr_path` when one is given.
  void restart(std::vector<std::string> args, const std::filesystem::path& stderr_path,
               const std::string& cache_dir, std::vector<std::pair<std::string, std::string>> env = {}) {
    runtime_.reset();
    client::SpawnOptions options = runtime_options(std::move(args));
    options.stderr_path = stderr_path;
    options.env = std::move(env);
    start_with(options, cache_dir);
  }
  void SetUp() override { start(); }
  void TearDown() override {
    if (!runtime_ || skip_sentinel_check_) return;
    EXPECT_EQ(read(sentinel_, sentinel_bytes_.size()), sentinel_bytes_) << "sentinel buffer lost bytes";
  }

  // Sends one line (plus raw payload) and returns the answer line.
  std::string raw(const std::string& line, std::string_view payload = {}) {
    return runtime_->request(line, client::ErrorKind::kKernelLaunch, payload).line;
  }
  uint32_t alloc(uint64_t size) {
    std::string answer = raw(R"({"cmd":"alloc_buf","size":)" + std::to_string(size) + R"(,"tile_bytes":2048})");
    auto index = client::Answer{answer, {}}.field("index");
    EXPECT_TRUE(index) << answer;
    return index ? static_cast<uint32_t>(std::stoul(*index)) : 0;
  }
  std::string write_command(uint32_t index, const std::string& shm, uint64_t size) {
    return R"({"cmd":"write_buf","index":)" + std::to_string(index) + R"(,"shm_path":")" + shm +
           R"(","size":)" + std::to_string(size) + "}";
  }
  std::string read_command(uint32_t index, const std::string& shm, uint64_t size) {
    return R"({"cmd":"read_buf","index":)" + std::to_string(index) + R"(,"shm_path":")" + shm +
           R"(","size":)" + std::to_string(size) + "}";
  }
  void write(uint32_t index, const std::vector<std::byte>& bytes) {
    ShmMapping shm = ShmMapping::create_unique("zyxtt-test", bytes.size());
    if (!bytes.empty()) std::memcpy(shm.data(), bytes.data(), bytes.size());
    ASSERT_EQ(raw(write_command(index, shm.name(), bytes.size())), R"({"status":"ok"})");
  }
  std::vector<std::byte> read(uint32_t index, uint64_t size) {
    ShmMapping shm = ShmMapping::create_unique("zyxtt-test", size);
    EXPECT_EQ(raw(read_command(index, shm.name(), size)), R"({"status":"ok"})");
    return std::vector<std::byte>(shm.data(), shm.data() + size);
  }

  std::unique_ptr<client::RuntimeProcess> runtime_;
  uint32_t sentinel_ = 0;
  std::vector<std::byte> sentinel_bytes_;
  bool skip_sentinel_check_ = false;
};

// The error answer's code, or "" for a success answer.
inline std::string code_of(const std::string& answer) {
  client::Answer a{answer, {}};
  return a.is_error() ? a.field("code").value_or("?") : "";
}
inline std::string msg_of(const std::string& answer) { return client::Answer{answer, {}}.field("msg").value_or(""); }

}  // namespace zyxtt::testing
