// Raw protocol lines against the real runtime: every command, every error
// path, framing of compile payloads, EOF and SIGTERM.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <thread>

#include "runtime_fixture.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

std::string compile_line(uint32_t id, size_t r, size_t c, size_t w, const std::string& cbs = R"("n_cbs":0)") {
  return R"({"cmd":"compile_program","id":)" + std::to_string(id) + R"(,"reader_source_len":)" + std::to_string(r) +
         R"(,"compute_source_len":)" + std::to_string(c) + R"(,"writer_source_len":)" + std::to_string(w) + "," +
         cbs + "}";
}

}  // namespace

class Protocol : public RuntimeTest {};

TEST_F(Protocol, AllocAnswersTheIndexAsAQuotedString) {
  std::string answer = raw(R"({"cmd":"alloc_buf","size":4000004,"tile_bytes":2048})");
  EXPECT_EQ(answer, R"({"status":"ok","index":"1"})");  // index 0 is the sentinel
  EXPECT_EQ(raw(R"({"cmd":"free_buf","index":1})"), R"({"status":"ok"})");
  EXPECT_EQ(raw(R"({"cmd":"alloc_buf","size":1,"tile_bytes":2048})"), R"({"status":"ok","index":"1"})");
}

TEST_F(Protocol, UnknownCommandIsAnErrorAndTheRuntimeKeepsServing) {
  std::string answer = raw(R"({"cmd":"reboot"})");
  EXPECT_EQ(code_of(answer), "UNIMPLEMENTED");
  EXPECT_NE(msg_of(answer).find("unknown cmd 'reboot'"), std::string::npos);
  EXPECT_EQ(raw(R"({"cmd":"init","cache_dir":")" + cache_dir_for_tests() + R"("})"), R"({"status":"ready"})");
}

TEST_F(Protocol, MalformedLinesGetErrorAnswersWithoutQuotesInTheMessage) {
  for (const char* line : {"this is not json", R"({"cmd":)", R"(["cmd","init"])", R"({"cmd":"alloc_buf"})",
                           R"({"cmd":"alloc_buf","size":"12"})", R"({"cmd":"alloc_buf","size":-4})",
                           R"({"cmd":"free_buf","index":99999999999})"}) {
    std::string answer = raw(line);
    EXPECT_TRUE(code_of(answer) == "INVALID_ARGUMENT" || code_of(answer) == "OUT_OF_RANGE") << line << " -> " << answer;
    // The client cuts the message at the first double quote: there must be none inside.
    std::string msg_start = answer.substr(answer.find("\"msg\":\"") + 7);
    EXPECT_EQ(msg_start.find('"'), msg_start.size() - 2) << answer;
  }
}

TEST_F(Protocol, AllocationErrors) {
  EXPECT_EQ(code_of(raw(R"({"cmd":"alloc_buf","size":0,"tile_bytes":2048})")), "INVALID_ARGUMENT");
  std::string huge = raw(R"({"cmd":"alloc_buf","size":40000000000,"tile_bytes":2048})");
  EXPECT_EQ(code_of(huge), "RESOURCE_EXHAUSTED");
  EXPECT_NE(msg_of(huge).find("more than the device"), std::string::npos);
  std::string unknown = raw(R"({"cmd":"free_buf","index":42})");
  EXPECT_EQ(code_of(unknown), "NOT_FOUND");
  EXPECT_EQ(code_of(raw(R"({"cmd":"free_buf","index":42})")), "NOT_FOUND");
}

TEST_F(Protocol, FillingDramThenFreeingMakesRoomAgain) {
  // 7 banks x ~4 GiB: three 9 GiB buffers fit, a fourth does not.
  std::vector<uint32_t> big;
  for (int i = 0; i < 3; ++i) big.push_back(alloc(9ull << 30));
  EXPECT_EQ(code_of(raw(R"({"cmd":"alloc_buf","size":)" + std::to_string(9ull << 30) + "}")), "RESOURCE_EXHAUSTED");
  EXPECT_EQ(raw(R"({"cmd":"free_buf","index":)" + std::to_string(big[1]) + "}"), R"({"status":"ok"})");
  EXPECT_EQ(code_of(raw(R"({"cmd":"alloc_buf","size":)" + std::to_string(9ull << 30) + "}")), "");
}

TEST_F(Protocol, TenThousandAllocFreeCyclesOfMixedSizes) {
  uint64_t sizes[] = {1, 4096, 4097, 100000, 1 << 20, 28672, 4000004};
  for (int i = 0; i < 10000; ++i) {
    uint32_t index = alloc(sizes[i % 7]);
    ASSERT_EQ(raw(R"({"cmd":"free_buf","index":)" + std::to_string(index) + "}"), R"({"status":"ok"})") << i;
  }
  EXPECT_EQ(alloc(8), 1u);  // indices stay small
}

TEST_F(Protocol, TransferErrorsWriteNothing) {
  uint32_t buf = alloc(100);
  std::vector<std::byte> original(100, std::byte{0x5a});
  write(buf, original);

  EXPECT_EQ(code_of(raw(write_command(buf, "/zyxtt-test-missing-object", 10))), "NOT_FOUND");
  EXPECT_EQ(code_of(raw(read_command(buf, "/zyxtt-test-missing-object", 10))), "NOT_FOUND");
  EXPECT_EQ(code_of(raw(write_command(buf, "no-slash", 10))), "INVALID_ARGUMENT");
  EXPECT_EQ(code_of(raw(write_command(buf, "/a/b", 10))), "INVALID_ARGUMENT");
  EXPECT_EQ(code_of(raw(write_command(buf, "/" + std::string(251, 'x'), 10))), "INVALID_ARGUMENT");
  EXPECT_EQ(code_of(raw(write_command(77, "/whatever", 10))), "NOT_FOUND");

  ShmMapping small = ShmMapping::create_unique("zyxtt-test", 50);
  std::memset(small.data(), 0x11, 50);
  std::string too_big_for_object = raw(write_command(buf, small.name(), 80));
  EXPECT_EQ(code_of(too_big_for_object), "INVALID_ARGUMENT");
  EXPECT_NE(msg_of(too_big_for_object).find("larger than the shared-memory object"), std::string::npos);

  ShmMapping large = ShmMapping::create_unique("zyxtt-test", 200);
  std::string too_big_for_buffer = raw(write_command(buf, large.name(), 200));
  EXPECT_EQ(code_of(too_big_for_buffer), "OUT_OF_RANGE");
  EXPECT_EQ(msg_of(too_big_for_buffer), fmt::format("write_buf: size 200 is larger than buffer {} (100 bytes)", buf));
  std::string read_too_big = raw(read_command(buf, large.name(), 200));
  EXPECT_EQ(code_of(read_too_big), "OUT_OF_RANGE");
  EXPECT_EQ(msg_of(read_too_big), fmt::format("read_buf: size 200 is larger than buffer {} (100 bytes)", buf));

  EXPECT_EQ(read(buf, 100), original);
  EXPECT_EQ(shm_open(small.name().c_str(), O_RDONLY, 0) >= 0, true) << "the client's object must not be unlinked";
}

TEST_F(Protocol, PartialWriteKeepsTheRestOfTheBuffer) {
  uint32_t buf = alloc(10000);
  std::vector<std::byte> full(10000, std::byte{7});
  write(buf, full);
  write(buf, std::vector<std::byte>(10, std::byte{9}));
  std::vector<std::byte> expected = full;
  std::fill(expected.begin(), expected.begin() + 10, std::byte{9});
  EXPECT_EQ(read(buf, 10000), expected);
  EXPECT_EQ(read(buf, 0).size(), 0u);  // zero-byte transfers are fine
}

TEST_F(Protocol, CompilePayloadIsReadByExactLength) {
  const std::string reader = "void kernel_main() {\n  // {\"error\"} \n}\n";
  const std::string compute = std::string("x\0y\n{}\n", 7);
  const std::string writer = "}}}\n{\n";
  std::string answer = raw(compile_line(3, reader.size(), compute.size(), writer.size(),
                                        R"("n_cbs":1,"cb_idx0":0,"cb_fmt0":0,"cb_tb0":4096)"),
                           reader + compute + writer);
  EXPECT_EQ(code_of(answer), "INVALID_ARGUMENT") << answer;  // the compute source is not C++
  EXPECT_NE(msg_of(answer).find("compute.cpp does not compile"), std::string::npos) << answer;
  // Whatever the compile said, the next line is read as the next command.
  EXPECT_EQ(raw(R"({"cmd":"alloc_buf","size":1,"tile_bytes":2048})").find(R"("index")") != std::string::npos, true);
}

TEST_F(Protocol, InvalidCompileStillConsumesItsPayload) {
  const std::string payload = "{\n\"cmd\":\"exit\"}\n";  // would end the session if misread
  std::string answer = raw(compile_line(0, payload.size(), 0, 0, R"("n_cbs":1,"cb_idx0":40,"cb_fmt0":0,"cb_tb0":4096)"),
                           payload);
  EXPECT_EQ(code_of(answer), "OUT_OF_RANGE");
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":0,"gd0":1,"gd1":1})")), "NOT_FOUND");
}

TEST_F(Protocol, RunValidatesProgramBuffersAndGrid) {
  std::string no_program = raw(R"({"cmd":"run","id":5,"gd0":1,"gd1":1})");
  EXPECT_EQ(code_of(no_program), "NOT_FOUND");
  EXPECT_NE(msg_of(no_program).find("program 5 is not compiled"), std::string::npos);

  const std::string src = "void kernel_main() {}\n";
  ASSERT_EQ(code_of(raw(compile_line(5, src.size(), src.size(), src.size()), src + src + src)), "");
  std::string bad_src = raw(R"({"cmd":"run","id":5,"gd0":1,"gd1":1,"src0":0,"src1":99,"dst0":0})");
  EXPECT_EQ(code_of(bad_src), "NOT_FOUND");
  EXPECT_NE(msg_of(bad_src).find("src1: buffer index 99"), std::string::npos);
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":5,"gd0":1,"gd1":1,"dst0":98})")), "NOT_FOUND");
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":5,"gd0":0,"gd1":1})")), "INVALID_ARGUMENT");
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":5,"gd1":1})")), "INVALID_ARGUMENT");
  std::string too_big = raw(R"({"cmd":"run","id":5,"gd0":11,"gd1":12})");
  EXPECT_EQ(code_of(too_big), "OUT_OF_RANGE");
  EXPECT_NE(msg_of(too_big).find("10x12"), std::string::npos);
  EXPECT_NE(msg_of(too_big).find("--virtual-grid (ZYX_TT_VIRTUAL_GRID=1)"), std::string::npos);
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":5,"gd0":10,"gd1":13})")), "OUT_OF_RANGE");
}

TEST_F(Protocol, RecompilingAnIdReplacesItAndAFailedCompileDropsIt) {
  const std::string good = "void kernel_main() {}\n";
  const std::string bad = "void kernel_main() { missing(); }\n";
  ASSERT_EQ(code_of(raw(compile_line(7, good.size(), good.size(), good.size()), good + good + good)), "");
  EXPECT_EQ(raw(R"({"cmd":"run","id":7,"gd0":1,"gd1":1})"), R"({"status":"ok"})");
  EXPECT_EQ(code_of(raw(compile_line(7, bad.size(), good.size(), good.size()), bad + good + good)), "INVALID_ARGUMENT");
  // A stale program must not run in place of the one that failed to compile.
  EXPECT_EQ(code_of(raw(R"({"cmd":"run","id":7,"gd0":1,"gd1":1})")), "NOT_FOUND");
}

// zyx V3 asks once after init; the numbers are quoted because its client
// takes the next quoted string after each key.
TEST_F(Protocol, GridAnswersTheWorkerGridWithQuotedNumbers) {
  EXPECT_EQ(raw(R"({"cmd":"grid"})"), R"({"status":"ok","rows":"10","cols":"12"})");
  EXPECT_EQ(raw(R"({ "cmd" : "grid", "extra" : 1 })"), R"({"status":"ok","rows":"10","cols":"12"})");
}

TEST_F(Protocol, ExitAnswersByeAndLeavesWithStatusZero) {
  skip_sentinel_check_ = true;
  EXPECT_EQ(raw(R"({"cmd":"exit"})"), R"({"status":"bye"})");
  auto status = runtime_->wait_exit(5000);
  ASSERT_TRUE(status);
  EXPECT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 0);
}

TEST_F(Protocol, EofOnStdinEndsTheRuntimeCleanly) {
  skip_sentinel_check_ = true;
  runtime_->close_stdin();
  auto status = runtime_->wait_exit(5000);
  ASSERT_TRUE(status);
  EXPECT_EQ(WEXITSTATUS(*status), 0);
}

TEST_F(Protocol, EofInTheMiddleOfAPayload) {
  skip_sentinel_check_ = true;
  runtime_->send(compile_line(1, 1000, 0, 0), "only part of the source");
  runtime_->close_stdin();
  client::Answer answer = runtime_->receive(client::ErrorKind::kKernelCompilation);
  EXPECT_EQ(code_of(answer.line), "INVALID_ARGUMENT");
  EXPECT_NE(msg_of(answer.line).find("input ended after 23 of the 1000 source bytes"), std::string::npos);
  auto status = runtime_->wait_exit(5000);
  ASSERT_TRUE(status);
  EXPECT_EQ(WEXITSTATUS(*status), 0);
}

TEST_F(Protocol, SigtermReleasesAndExitsZero) {
  skip_sentinel_check_ = true;
  kill(runtime_->pid(), SIGTERM);
  auto status = runtime_->wait_exit(5000);
  ASSERT_TRUE(status);
  EXPECT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 0);
}

TEST_F(Protocol, SigtermDuringARunEndsItAndExitsZero) {
  skip_sentinel_check_ = true;
  const std::string spin = "void kernel_main() { for (volatile int i = 0;; ) { i = i + 1; } }\n";
  const std::string idle = "void kernel_main() {}\n";
  ASSERT_EQ(code_of(raw(compile_line(9, spin.size(), idle.size(), idle.size()), spin + idle + idle)), "");
  runtime_->send(R"({"cmd":"run","id":9,"gd0":1,"gd1":1})");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(runtime_->pid(), SIGTERM);
  auto status = runtime_->wait_exit(5000);
  ASSERT_TRUE(status) << "the runtime kept running its endless kernel after SIGTERM";
  EXPECT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 0);
}

TEST_F(Protocol, StdoutCarriesOnlyAnswersEvenWhenLoggingEverything) {
  runtime_.reset();
  start({"--log-level", "trace"});
  raw(R"({"cmd":"bogus"})");
  alloc(10);
  raw(R"({"cmd":"free_buf","index":12345})");
  EXPECT_TRUE(runtime_->skipped_lines().empty());
}
