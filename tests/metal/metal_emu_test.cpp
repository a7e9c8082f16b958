// The metal device end to end on the project's own TT-Metalium (label
// metal-emu): what only the card device does — Programs reused across runs,
// a device id that does not exist, a run past the run timeout, TT-Metalium's
// errors as answers. The shared suites run with --device metal beside these.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

// One 4096-byte page per core, page row * 12 + col: src to dst through c_0.
const Kernels kPageCopy{
    R"(#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0), row = get_arg_val<uint32_t>(1), col = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> s = {.bank_base_address = src, .page_size = 4096};
  cb_reserve_back(0, 1);
  noc_async_read(get_noc_addr(row * 12 + col, s), get_write_ptr(0), 4096);
  noc_async_read_barrier();
  cb_push_back(0, 1);
}
)",
    "",
    R"(#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0), row = get_arg_val<uint32_t>(1), col = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> d = {.bank_base_address = dst, .page_size = 4096};
  cb_wait_front(0, 1);
  noc_async_write(get_read_ptr(0), get_noc_addr(row * 12 + col, d), 4096);
  noc_async_write_barrier();
  cb_pop_front(0, 1);
}
)"};

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class MetalEmuTest : public RuntimeTest {
 protected:
  void SetUp() override {}
  void start_metal(std::vector<std::string> args) {
    args.insert(args.begin(), {"--device", "metal", "--log-level", "debug"});
    restart(std::move(args), log_, cache_dir_for_tests());
  }
  void TearDown() override {
    RuntimeTest::TearDown();
    runtime_.reset();
    std::filesystem::remove(log_);
  }
  std::vector<std::byte> pattern(size_t n, uint32_t seed) {
    std::vector<std::byte> bytes(n);
    for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<std::byte>((i * 131 + seed) >> 3);
    return bytes;
  }

  const std::filesystem::path log_ =
      std::filesystem::temp_directory_path() / ("zyxtt-metal-emu-" + std::to_string(getpid()) + ".log");
};

TEST_F(MetalEmuTest, AProgramIsBuiltOncePerRunShapeAndLaterRunsOnlySetArgs) {
  start_metal({});
  const client::CbConfig cb{0, client::CbFormat::kFloat32};
  ASSERT_EQ(raw(compile_command(1, kPageCopy, std::span(&cb, 1)), payload(kPageCopy)), R"({"status":"ok"})");
  const uint32_t src = alloc(16 * 4096);
  const std::vector<std::byte> in = pattern(16 * 4096, 1);
  write(src, in);
  for (uint32_t round = 0; round < 5; ++round) {
    // 1 x 2, three times, then 2 x 2, then 1 x 2 again.
    const uint32_t rows = round == 3 ? 2 : 1;
    const uint32_t dst = alloc(16 * 4096);
    write(dst, std::vector<std::byte>(16 * 4096, std::byte{0}));
    const uint32_t s[] = {src}, d[] = {dst};
    ASSERT_EQ(raw(run_command(1, rows, 2, s, d)), R"({"status":"ok"})") << "round " << round;
    const std::vector<std::byte> out = read(dst, 16 * 4096);
    for (uint32_t page = 0; page < 16; ++page) {
      const bool ran = page / 12 < rows && page % 12 < 2;
      for (uint32_t i = 0; i < 4096; ++i) {
        ASSERT_EQ(out[page * 4096 + i], ran ? in[page * 4096 + i] : std::byte{0}) << "round " << round << " page " << page;
      }
    }
    ASSERT_EQ(raw(R"({"cmd":"free_buf","index":)" + std::to_string(dst) + "}"), R"({"status":"ok"})");
  }
  runtime_.reset();
  const std::string text = file_text(log_);
  EXPECT_EQ(count(text, "built a Program for a new run signature"), 2u) << text;
}

TEST_F(MetalEmuTest, ADeviceIdBeyondTheDevicesPresentIsAnInitErrorSayingWhich) {
  client::SpawnOptions options = runtime_options({"--device", "metal", "--device-id", "3"});
  client::RuntimeProcess runtime(options);
  const std::string answer =
      runtime.request(R"({"cmd":"init","cache_dir":")" + cache_dir_for_tests() + R"("})", client::ErrorKind::kKernelLaunch)
          .line;
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_EQ(msg_of(answer),
            "cannot open Tenstorrent device 3: it does not exist; this machine has 1 (ids 0 to 0); choose one with "
            "--device-id (ZYX_TT_DEVICE_ID)");
}

TEST_F(MetalEmuTest, TTMetaliumsCompileErrorsAreOneLineAnswers) {
  start_metal({});
  const Kernels broken{"void kernel_main() { int x = \"text\" }\n", "", kPageCopy.writer};
  const client::CbConfig cb{0, client::CbFormat::kFloat32};
  const std::string answer = raw(compile_command(2, broken, std::span(&cb, 1)), payload(broken));
  EXPECT_NE(code_of(answer), "") << answer;
  const std::string msg = msg_of(answer);
  EXPECT_NE(msg.find("error: invalid conversion from 'const char*' to 'int'"), std::string::npos) << msg;
  EXPECT_EQ(msg.find('"'), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  EXPECT_EQ(msg.find("backtrace"), std::string::npos) << msg;
}

TEST_F(MetalEmuTest, ARunPastTheRunTimeoutIsDeadlineExceededAndTheCardThenRefusesWork) {
  start_metal({"--run-timeout", "2"});
  skip_sentinel_check_ = true;  // the card is stuck by design
  const Kernels spin{"void kernel_main() { volatile int x = 0; while (x == 0) {} }\n", "",
                     "void kernel_main() {}\n"};
  const client::CbConfig cb{0, client::CbFormat::kFloat32};
  ASSERT_EQ(raw(compile_command(3, spin, std::span(&cb, 1)), payload(spin)), R"({"status":"ok"})");
  const uint32_t buf = alloc(4096);
  const uint32_t b[] = {buf};
  const std::string answer = raw(run_command(3, 1, 1, b, b));
  EXPECT_EQ(code_of(answer), "DEADLINE_EXCEEDED") << answer;
  EXPECT_NE(msg_of(answer).find(" did not finish within the run timeout of 2 s; the card may need a reset (tt-smi -r) "
                                "before the runtime is restarted; raise the limit with --run-timeout "
                                "(ZYX_TT_RUN_TIMEOUT)"),
            std::string::npos)
      << answer;
  const std::string next = raw(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})");
  EXPECT_EQ(code_of(next), "FAILED_PRECONDITION") << next;
  EXPECT_NE(msg_of(next).find("within the run timeout and may still be running it; reset the card (tt-smi -r) and "
                              "restart the runtime"),
            std::string::npos)
      << next;
}

}  // namespace
