// Programs that must fail: each run answers the expected code and a message
// that names the cause, the runtime still runs a good program afterwards,
// and the sentinel buffer written before keeps its bytes (RuntimeTest).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "fault_fixture.h"

namespace zyxtt::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using client::CbConfig;
using client::CbFormat;

TEST_F(FaultTest, DeadlockNamesTheWaitingCallAndCb) {
  const std::string answer = compile_and_run(
      {kEmpty, "#include \"api/compute/common.h\"\nvoid kernel_main() { cb_wait_front(tt::CBIndex::c_0, 1); }\n",
       kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer),
              AllOf(HasSubstr("deadlock"), HasSubstr("core (x=0, y=0) compute waits in cb_wait_front"),
                    HasSubstr("cb 0, 1 pages")));
  expect_still_serves();
}

// As tt-metal's watcher: each waiter's blocking call with its kernel line,
// and the last WAYPOINT its kernel passed.
TEST_F(FaultTest, DeadlockNamesEachWaitersKernelLineAndLastWaypoint) {
  const std::string answer = compile_and_run(
      {kEmpty,
       "#include \"api/compute/common.h\"\n#include \"api/debug/waypoint.h\"\nvoid kernel_main() {\n"
       "  WAYPOINT(\"CW\");\n  cb_wait_front(tt::CBIndex::c_0, 1);\n}\n",
       "#include \"api/debug/waypoint.h\"\nvoid kernel_main() {\n  WAYPOINT(\"WA\");\n  WAYPOINT(\"WB\");\n"
       "  cb_wait_front(tt::CBIndex::c_16, 1);\n}\n"});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer),
              AllOf(HasSubstr("core (x=0, y=0) compute waits in cb_wait_front(cb 0, 1 pages)"),
                    HasSubstr("called at compute.cpp:5, last waypoint CW"),
                    HasSubstr("core (x=0, y=0) writer waits in cb_wait_front(cb 16, 1 pages)"),
                    HasSubstr("called at writer.cpp:5, last waypoint WB")));
  expect_still_serves();
}

TEST_F(FaultTest, StrayDramReadNamesCallAndAddress) {
  const std::string answer = compile_and_run({R"(
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  cb_reserve_back(tt::CBIndex::c_0, 1);
  // 64 MiB past the input's start: inside bank 0, but no buffer lives there.
  noc_async_read(get_noc_addr_from_bank_id<true>(0, src + (64u << 20)), get_write_ptr(tt::CBIndex::c_0), 64);
  noc_async_read_barrier();
}
)",
                                              kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) reader"), HasSubstr("noc_async_read"),
                                    HasSubstr("DRAM source bank 0 address 0x"), HasSubstr("+ 64 bytes"),
                                    HasSubstr("not inside one live buffer")));
  expect_still_serves();
}

// On a 1x2 grid the stray address of core (0,0) lies in core (1,0)'s share
// of the host mapping: the check must still refuse it.
TEST_F(FaultTest, StrayL1WriteIsRefusedEvenInsideANeighboursL1) {
  const std::string answer = compile_and_run({kEmpty, kEmpty, R"(
void kernel_main() {
  const uint32_t past_l1 = get_write_ptr(tt::CBIndex::c_16) + (2u << 20);  // L1 is 1.5 MB
  noc_async_write(get_write_ptr(tt::CBIndex::c_16), get_noc_addr(my_x[noc_index], my_y[noc_index], past_l1), 64);
  noc_async_write_barrier();
}
)"},
                                             1, 2);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr(") writer"), HasSubstr("noc_async_write"),
                                    HasSubstr("destination L1 address 0x"), HasSubstr("is outside the L1 of core (")));
  expect_still_serves();
}

// DRAM offset 32 into a 64-byte-aligned CB page: silicon would shift the data.
constexpr const char* kMisalignedReader = R"(
void kernel_main() {
  const InterleavedAddrGen<true> src = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_reserve_back(tt::CBIndex::c_0, 1);
  noc_async_read(get_noc_addr(0, src, 32), get_write_ptr(tt::CBIndex::c_0), 64);
  noc_async_read_barrier();
  cb_push_back(tt::CBIndex::c_0, 1);
}
)";
// Sends CB 0's first page to the output unchanged.
constexpr const char* kForwardWriter = R"(
void kernel_main() {
  const InterleavedAddrGen<true> dst = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_wait_front(tt::CBIndex::c_0, 1);
  noc_async_write(get_read_ptr(tt::CBIndex::c_0), get_noc_addr(0, dst), 64);
  noc_async_write_barrier();
  cb_pop_front(tt::CBIndex::c_0, 1);
}
)";

TEST_F(FaultTest, MisalignedReadFailsByDefault) {
  const std::string answer = compile_and_run({kMisalignedReader, kEmpty, kForwardWriter});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) reader"), HasSubstr("noc_async_read"),
                                    HasSubstr("source DRAM address 0x"), HasSubstr("destination L1 offset 0x"),
                                    HasSubstr("differ modulo 64 (32 vs 0)"),
                                    HasSubstr("--noc-alignment warn (ZYX_TT_NOC_ALIGNMENT=warn)")));
  expect_still_serves();
}

TEST_F(FaultTest, MisalignedReadRunsWithAlignmentWarn) {
  restart({"--noc-alignment", "warn"}, log_);
  ASSERT_EQ(compile_and_run({kMisalignedReader, kEmpty, kForwardWriter}), R"({"status":"ok"})");
  const std::vector<std::byte> in = input_bytes(), got = read(out_, 64);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), in.begin() + 32)) << "the emulator delivers the bytes asked for";
  EXPECT_THAT(logged(), AllOf(HasSubstr("[zyx-tt-emulator] [warning] noc_async_read"), HasSubstr("differ modulo 64"),
                              HasSubstr("(ZYX_TT_NOC_ALIGNMENT=error)")));
}

// The device worker's warnings follow the runtime's --log-level.
TEST_F(FaultTest, EmulatorWarningsFollowTheLogLevel) {
  restart({"--noc-alignment", "warn", "--log-level", "error"}, log_);
  ASSERT_EQ(compile_and_run({kMisalignedReader, kEmpty, kForwardWriter}), R"({"status":"ok"})");
  EXPECT_THAT(logged(), Not(HasSubstr("differ modulo")));
}

// ---- the worker link ----

// The worker gets its static options once, when it starts (logged at debug
// level), and they hold for every later run: each of many runs copies the
// misaligned bytes that the default policy would refuse.
TEST_F(FaultTest, OptionsReachTheWorkerOnceAndHoldForEveryRun) {
  restart({"--noc-alignment", "warn", "--log-level", "debug"}, log_);
  ASSERT_EQ(compile_and_run({kMisalignedReader, kEmpty, kForwardWriter}), R"({"status":"ok"})");
  const uint32_t srcs[] = {in_}, dsts[] = {out_};
  const std::vector<std::byte> in = input_bytes();
  for (int i = 0; i < 20; ++i) {
    write(out_, std::vector<std::byte>(64));
    ASSERT_EQ(run(7, 1, 1, srcs, dsts), R"({"status":"ok"})") << "run " << i;
    const std::vector<std::byte> got = read(out_, 64);
    ASSERT_TRUE(std::equal(got.begin(), got.end(), in.begin() + 32)) << "run " << i;
  }
  const std::string log = logged();
  size_t received = 0;
  for (size_t at = log.find("device worker: options received"); at != std::string::npos;
       at = log.find("device worker: options received", at + 1))
    ++received;
  EXPECT_EQ(received, 1u) << log;
  EXPECT_THAT(log, HasSubstr("device worker: options received (threads "));
}

// The NOC bounds checks read the allocation table the runtime shares with
// the worker: a buffer allocated after the worker started is readable.
TEST_F(FaultTest, ABufferAllocatedAfterTheWorkerStartedIsInItsBoundsTable) {
  ASSERT_EQ(compile_and_run({kReadOneTile, kEmpty, kForwardWriter}), R"({"status":"ok"})");
  std::vector<std::byte> bytes(kBytes);
  for (uint32_t i = 0; i < kBytes; ++i) bytes[i] = static_cast<std::byte>(i * 13 + 5);
  const uint32_t later_in = alloc(kBytes), later_out = alloc(kBytes);
  write(later_in, bytes);
  const uint32_t srcs[] = {later_in}, dsts[] = {later_out};
  ASSERT_EQ(run(7, 1, 1, srcs, dsts), R"({"status":"ok"})");
  const std::vector<std::byte> got = read(later_out, 64);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), bytes.begin()));
}

// Programs travel once per worker: after a kernel crashed the worker, the
// restarted one gets the program again with its next run. The reader
// crashes only when the input's second word is not zero.
TEST_F(FaultTest, AProgramRunsAgainOnTheRestartedWorker) {
  const Kernels crashes_on_nonzero{R"(
void kernel_main() {
  const InterleavedAddrGen<true> src = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_reserve_back(tt::CBIndex::c_0, 1);
  noc_async_read(get_noc_addr(0, src), get_write_ptr(tt::CBIndex::c_0), 4096);
  noc_async_read_barrier();
  if (*reinterpret_cast<volatile uint32_t*>(uintptr_t(get_write_ptr(tt::CBIndex::c_0)) + 4) != 0)
    *reinterpret_cast<volatile uint32_t*>(uintptr_t(get_arg_val<uint32_t>(2))) = 1;  // col 0: null
  cb_push_back(tt::CBIndex::c_0, 1);
}
)",
                                   kEmpty, kForwardWriter};
  const CbConfig cbs[] = {{0, CbFormat::kFloat32}, {16, CbFormat::kFloat32}};
  ASSERT_EQ(compile(7, crashes_on_nonzero, cbs), R"({"status":"ok"})");
  const uint32_t in = alloc(kBytes), out = alloc(kBytes);
  const uint32_t srcs[] = {in}, dsts[] = {out};
  std::vector<std::byte> calm(kBytes);  // first 64 bytes zero
  for (uint32_t i = 64; i < kBytes; ++i) calm[i] = static_cast<std::byte>(i);
  write(in, calm);
  ASSERT_EQ(run(7, 1, 1, srcs, dsts), R"({"status":"ok"})");  // the worker now holds program 7
  write(in, input_bytes());
  const std::string crashed = run(7, 1, 1, srcs, dsts);
  EXPECT_THAT(msg_of(crashed), HasSubstr("crashed with signal 11")) << crashed;
  write(in, calm);
  write(out, std::vector<std::byte>(kBytes));
  ASSERT_EQ(run(7, 1, 1, srcs, dsts), R"({"status":"ok"})");
  const std::vector<std::byte> got = read(out, 64);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), calm.begin()));
}

// A run error crosses the link as its code: a kernel object open to others
// is refused (FAILED_PRECONDITION), one that is not a shared object fails to
// load (INTERNAL). A private cache, since the objects are spoiled.
TEST_F(FaultTest, RunErrorsFromTheWorkerAnswerTheirCanonicalCode) {
  namespace fs = std::filesystem;
  // Beside the shared scenario cache, so the ctest fixture removes it even when this test fails.
  const fs::path cache =
      fs::path(ZYXTT_SCENARIO_CACHE_DIR).parent_path() / ("link-codes-" + std::to_string(getpid()));
  fs::remove_all(cache);
  RuntimeTest::restart({}, {}, cache.string());
  const CbConfig cbs[] = {{0, CbFormat::kFloat32}, {16, CbFormat::kFloat32}};
  ASSERT_EQ(compile(7, {kReadOneTile, kEmpty, kForwardWriter}, cbs), R"({"status":"ok"})");
  std::vector<fs::path> objects;
  for (const auto& entry : fs::recursive_directory_iterator(cache))
    if (entry.is_regular_file() && entry.path().extension() == ".so") objects.push_back(entry.path());
  ASSERT_EQ(objects.size(), 3u);
  const uint32_t in = alloc(kBytes), out = alloc(kBytes);
  const uint32_t srcs[] = {in}, dsts[] = {out};

  for (const fs::path& p : objects) fs::permissions(p, fs::perms::others_write, fs::perm_options::add);
  std::string answer = run(7, 1, 1, srcs, dsts);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("run of program 7 on 1x1 cores: refusing to load kernel"),
                                    HasSubstr("closed to others")));

  for (const fs::path& p : objects) {
    fs::permissions(p, fs::perms::others_write, fs::perm_options::remove);
    std::ofstream(p, std::ios::trunc) << "not an object";
  }
  answer = run(7, 1, 1, srcs, dsts);
  EXPECT_EQ(code_of(answer), "INTERNAL") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("run of program 7 on 1x1 cores: cannot load kernel"));
  fs::remove_all(cache);
}

TEST_F(FaultTest, SegfaultNamesCoreRoleAndSignalAndTheWorkerRestarts) {
  const std::string answer = compile_and_run({R"(
void kernel_main() {
  // Row is 0 on core (0,0): a null pointer the compiler cannot see.
  volatile uint32_t* p = reinterpret_cast<volatile uint32_t*>(uintptr_t(get_arg_val<uint32_t>(1)));
  *p = 1;
}
)",
                                              kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) reader crashed"), HasSubstr("SIGSEGV"),
                                    HasSubstr("the device worker was restarted")));
  EXPECT_THAT(msg_of(answer), Not(HasSubstr("L1 address"))) << "a null pointer is no L1 address";
  expect_still_serves();
}

// On silicon an L1 address is a pointer (tt-metal's add_2_integers_in_riscv
// dereferences a buffer's): each kernel's raw accesses reach its own core's
// L1, here CB 0 at the first CB address, 0x10000. On one thread the second
// core's kernel starts while the first core's L1 is shown: it must not see it.
TEST_F(FaultTest, KernelsDereferenceL1AddressesIntoTheirOwnCoresL1) {
  restart({"--threads", "1"});
  const std::string answer = compile_and_run({R"(
#include <cstdlib>
void kernel_main() {
  volatile uint32_t* raw = reinterpret_cast<volatile uint32_t*>(uintptr_t(0x10000));
  volatile uint32_t* cb = reinterpret_cast<volatile uint32_t*>(uintptr_t(get_write_ptr(tt::CBIndex::c_0)));
  const uint32_t tag = 0xC0DE0000u + get_absolute_logical_x();
  *raw = tag;
  if (*cb != tag) std::abort();
  *cb = tag + 0x100;
  if (*raw != tag + 0x100) std::abort();
}
)",
                                              kEmpty, kEmpty},
                                             1, 2);
  EXPECT_EQ(answer, R"({"status":"ok"})");
  expect_still_serves();
}

// The same on two host threads, 64 cores, each reader storing through the
// raw address and checking through its own pointer 100 times, giving way at a
// full CB between stores: while one thread shows its core's L1, a kernel of
// another core on the other thread must not reach the shown L1 without a
// fault (it would store into that core's word and find its own unchanged).
TEST_F(FaultTest, KernelsOnTwoThreadsDereferenceL1AddressesIntoTheirOwnCoresL1) {
  restart({"--threads", "2"});
  const std::string answer = compile_and_run({R"(
#include <cstdlib>
void kernel_main() {
  constexpr uint32_t kWord = 0x60000;  // past both CBs
  volatile uint32_t* raw = reinterpret_cast<volatile uint32_t*>(uintptr_t(kWord));
  // CB 0 starts at the first CB address, 0x10000: this core's own view of kWord.
  volatile uint32_t* own = reinterpret_cast<volatile uint32_t*>(
      uintptr_t(get_write_ptr(tt::CBIndex::c_0) + (kWord - 0x10000)));
  const uint32_t core = get_absolute_logical_y() * 64 + get_absolute_logical_x();
  for (uint32_t i = 0; i < 100; ++i) {
    const uint32_t tag = (core << 16) | i;
    *raw = tag;
    if (*own != tag) std::abort();
    cb_reserve_back(tt::CBIndex::c_0, 1);
    cb_push_back(tt::CBIndex::c_0, 1);
    if (*raw != tag) std::abort();
  }
}
)",
                                              R"(
#include "api/compute/common.h"
void kernel_main() {
  for (uint32_t i = 0; i < 100; ++i) {
    cb_wait_front(tt::CBIndex::c_0, 1);
    cb_pop_front(tt::CBIndex::c_0, 1);
  }
}
)",
                                              kEmpty},
                                             8, 8);
  EXPECT_EQ(answer, R"({"status":"ok"})");
  expect_still_serves();
}

TEST_F(FaultTest, AbortIsReportedAsSigabrt) {
  const std::string answer =
      compile_and_run({kEmpty, kEmpty, "#include <cstdlib>\nvoid kernel_main() { std::abort(); }\n"});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) writer crashed"), HasSubstr("SIGABRT")));
  expect_still_serves();
}

TEST_F(FaultTest, IntegerDivideByZeroIsReportedAsSigfpe) {
  // The divisor is the input's first word (0), read from the CB at run time.
  const std::string answer = compile_and_run({kReadOneTile, R"(
#include "api/compute/common.h"
void kernel_main() {
  cb_wait_front(tt::CBIndex::c_0, 1);
  volatile uint32_t quotient = 1000u / read_tile_value(tt::CBIndex::c_0, 0, 0);
  (void)quotient;
  cb_pop_front(tt::CBIndex::c_0, 1);
}
)",
                                              kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) compute crashed"), HasSubstr("SIGFPE")));
  expect_still_serves();
}

TEST_F(FaultTest, EndlessLoopIsStoppedByTheWatchdog) {
  restart({"--run-timeout", "1"});
  const std::string answer = compile_and_run({kEmpty, "void kernel_main() { for (;;) {} }\n", kEmpty});
  EXPECT_EQ(code_of(answer), "DEADLINE_EXCEEDED") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("no kernel made progress for 1.0 s"), HasSubstr("watchdog"),
                                    HasSubstr("--run-timeout 2 (ZYX_TT_RUN_TIMEOUT=2)"),
                                    HasSubstr("core (x=0, y=0) compute was running")));
  expect_still_serves();
}

// The watchdog names the last WAYPOINT of the kernel that was running.
TEST_F(FaultTest, WatchdogNamesTheRunningKernelsLastWaypoint) {
  restart({"--run-timeout", "1"});
  const std::string answer = compile_and_run(
      {kEmpty, "#include \"api/debug/waypoint.h\"\nvoid kernel_main() { WAYPOINT(\"SPIN\"); for (;;) {} }\n", kEmpty});
  EXPECT_EQ(code_of(answer), "DEADLINE_EXCEEDED") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("core (x=0, y=0) compute (last waypoint SPIN) was running"));
  expect_still_serves();
}

// The reader hands numbered pages to the writer for 3 s on one core: its two
// fibers hand off inside one scan of the core, and every page moved counts as
// progress, so a 1 s watchdog lets the run finish. The writer stores the
// number of pages, their sum and the last number the reader sent.
TEST_F(FaultTest, LongRunOnOneCoreThatProgressesOutlivesTheWatchdog) {
  restart({"--run-timeout", "1"});
  const std::string answer = compile_and_run({R"(
#include <chrono>
void kernel_main() {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(3000);
  uint32_t n = 0;
  bool last = false;
  while (!last) {
    last = std::chrono::steady_clock::now() >= until;
    cb_reserve_back(tt::CBIndex::c_0, 1);
    volatile uint32_t* page = reinterpret_cast<volatile uint32_t*>(get_write_ptr(tt::CBIndex::c_0));
    page[0] = n++;
    page[1] = last ? 1 : 0;
    cb_push_back(tt::CBIndex::c_0, 1);
  }
}
)",
                                              kEmpty, R"(
void kernel_main() {
  const InterleavedAddrGen<true> dst = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  uint64_t sum = 0;
  uint32_t count = 0, last_number = 0;
  for (bool last = false; !last;) {
    cb_wait_front(tt::CBIndex::c_0, 1);
    volatile uint32_t* page = reinterpret_cast<volatile uint32_t*>(get_read_ptr(tt::CBIndex::c_0));
    last_number = page[0];
    last = page[1] != 0;
    sum += last_number;
    ++count;
    cb_pop_front(tt::CBIndex::c_0, 1);
  }
  cb_reserve_back(tt::CBIndex::c_16, 1);
  volatile uint32_t* out = reinterpret_cast<volatile uint32_t*>(get_write_ptr(tt::CBIndex::c_16));
  out[0] = count;
  out[1] = last_number;
  out[2] = static_cast<uint32_t>(sum);
  out[3] = static_cast<uint32_t>(sum >> 32);
  noc_async_write(get_write_ptr(tt::CBIndex::c_16), get_noc_addr(0, dst), 16);
  noc_async_write_barrier();
}
)"});
  // The reader runs 3 s by construction: an answer of ok is the watchdog letting it.
  ASSERT_EQ(answer, R"({"status":"ok"})");
  const std::vector<std::byte> got = read(out_, 16);
  uint32_t words[4];
  std::memcpy(words, got.data(), 16);
  const uint64_t count = words[0], sum = words[2] | (uint64_t{words[3]} << 32);
  EXPECT_GT(count, 1000u) << "thousands of pages were handed over";
  EXPECT_EQ(words[1], count - 1) << "pages 0 .. count-1, none lost";
  EXPECT_EQ(sum, count * (count - 1) / 2) << "every page arrived once";
  expect_still_serves();
}

TEST_F(FaultTest, DstOverflowNamesIndexAndCapacity) {
  const std::string answer = compile_and_run({kReadOneTile, R"(
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
void kernel_main() {
  cb_wait_front(tt::CBIndex::c_0, 1);
  tile_regs_acquire();
  copy_tile(tt::CBIndex::c_0, 0, 4);  // fp32 accumulation, half sync: indices 0..3
  tile_regs_commit();
}
)",
                                              kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) compute"), HasSubstr("copy_tile"),
                                    HasSubstr("DST index 4 is out of range"), HasSubstr("capacity is 4 tiles")));
  expect_still_serves();
}

// Every core of a 1 x 12 grid fails, core (x=0, y=0) last (it computes a
// while first): with 4 threads the error still names it, run after run (the
// lowest core among those that failed; cores before a failed one still run).
TEST_F(FaultTest, WithManyThreadsTheErrorNamesTheLowestCoreThatFailed) {
  restart({"--threads", "4"});
  const std::string reader = R"(
void kernel_main() {
  if (get_arg_val<uint32_t>(2) == 0)
    for (volatile uint32_t i = 0; i < 20000000; i = i + 1) {
    }
  cb_reserve_back(tt::CBIndex::c_0, 3);
}
)";
  for (int run = 0; run < 3; ++run) {
    const std::string answer = compile_and_run({reader, kEmpty, kEmpty}, 1, 12);
    EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
    EXPECT_THAT(msg_of(answer), HasSubstr("cores: core (x=0, y=0) reader: ")) << "run " << run;
  }
  expect_still_serves();
}

// A CB call that carries its kernel line names it in the error, as warnings do.
TEST_F(FaultTest, CbPushPastTheRingNamesTheKernelLine) {
  const std::string answer =
      compile_and_run({"void kernel_main() {\n  cb_push_back(tt::CBIndex::c_0, 3);\n}\n", kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("core (x=0, y=0) reader: reader.cpp:2: cb_push_back(CB 0, 3 pages): "));
  expect_still_serves();
}

TEST_F(FaultTest, CbOverReserveNamesCbAndSize) {
  const std::string answer =
      compile_and_run({"void kernel_main() { cb_reserve_back(tt::CBIndex::c_0, 3); }\n", kEmpty, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) reader"), HasSubstr("cb_reserve_back(CB 0, 3 pages)"),
                                    HasSubstr("the CB holds only 2 pages")));
  expect_still_serves();
}

// The worker reuses its cores' state across runs: a CB that the previous
// program configured must not stay configured for the next one.
TEST_F(FaultTest, CbOfTheProgramBeforeIsNotConfiguredInTheNext) {
  ASSERT_EQ(compile_and_run({"void kernel_main() { cb_reserve_back(tt::CBIndex::c_16, 1); }\n", kEmpty, kEmpty}),
            R"({"status":"ok"})");
  const CbConfig only_cb0[] = {{0, CbFormat::kFloat32}};
  ASSERT_EQ(compile(8, {"void kernel_main() { cb_reserve_back(tt::CBIndex::c_16, 1); }\n", kEmpty, kEmpty}, only_cb0),
            R"({"status":"ok"})");
  const uint32_t srcs[] = {in_}, dsts[] = {out_};
  const std::string answer = run(8, 1, 1, srcs, dsts);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("cb_reserve_back: CB 16 is not configured on this core"));
  expect_still_serves();
}

// Every run starts from reset core state, however little of it the worker
// clears: SFPU local registers a kernel wrote and CB pages it left pushed
// are gone on the next run of the same cores.
TEST_F(FaultTest, StateAKernelLeavesIsResetForTheNextRun) {
  const Kernels k{R"(
void kernel_main() {
  cb_reserve_back(tt::CBIndex::c_0, 1);
  cb_push_back(tt::CBIndex::c_0, 1);  // never popped: the run ends with a page in the CB
}
)",
                  R"(
#include "api/compute/common.h"
namespace NAMESPACE {
void MAIN {
  uint32_t* lregs = ::zyxtt::krt::sfpu_lregs();
  if (lregs[5] != 0) __builtin_trap();  // left by the run before
  lregs[5] = 77;
}
}  // namespace NAMESPACE
)",
                  R"(
void kernel_main() {
  // A CB counter left by the run before would show as a page already waiting.
  if (cb_pages_available_at_front(tt::CBIndex::c_0, 2)) __builtin_trap();
}
)"};
  ASSERT_EQ(compile_and_run(k, 3, 2), R"({"status":"ok"})");
  const uint32_t srcs[] = {in_}, dsts[] = {out_};
  for (int again = 0; again < 2; ++again) EXPECT_EQ(run(7, 3, 2, srcs, dsts), R"({"status":"ok"})");
}

TEST_F(FaultTest, CompileErrorIsOneQuoteFreeLineNamingFileAndError) {
  const Kernels k{kEmpty, "void kernel_main() { undeclared_thing = 1; }\n", kEmpty};
  const CbConfig cbs[] = {{0, CbFormat::kFloat32}};
  const std::string answer = compile(8, k, cbs);
  EXPECT_EQ(code_of(answer), "INVALID_ARGUMENT") << answer;
  // {"status":"error","code":"INVALID_ARGUMENT","msg":"..."}: 12 quotes, none inside the message.
  EXPECT_EQ(std::count(answer.begin(), answer.end(), '"'), 12) << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("compute.cpp"), HasSubstr("error"), HasSubstr("undeclared_thing")));
  expect_still_serves();  // the source bytes were consumed: the stream is in step
}

// A kernel that spins 600 ms: keep-alives every 50 ms from 100 ms on, so the
// last one comes at most ~50 ms before the run ends, and only the runtime's
// hold of the answer (protocol.md: >= 200 ms after a keep-alive) makes the
// gap longer. Does not depend on how fast anything runs.
TEST_F(FaultTest, KeepAliveLinesFlowDuringALongRunAndTheAnswerWaits200ms) {
  restart({"--keepalive-after", "0.1", "--keepalive-every", "0.05"});
  const size_t before = runtime_->skipped_lines().size();
  const auto started = std::chrono::steady_clock::now();
  const std::string answer = compile_and_run({R"(
#include <chrono>
void kernel_main() {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(600);
  while (std::chrono::steady_clock::now() < until) {
  }
}
)",
                                              kEmpty, kEmpty});
  const auto answered = std::chrono::steady_clock::now();
  ASSERT_EQ(answer, R"({"status":"ok"})");
  const auto& lines = runtime_->skipped_lines();
  size_t keepalives = 0;
  for (size_t i = before; i < lines.size(); ++i) {
    EXPECT_THAT(lines[i].text, ::testing::StartsWith("# zyx-tt-runtime: ")) << "stdout carries answers and keep-alives only";
    if (lines[i].received > started) ++keepalives;
  }
  ASSERT_GE(keepalives, 5u) << "a keep-alive every 50 ms during a 600 ms run";
  // Some slack for a late read of the last keep-alive on a loaded machine.
  EXPECT_GE(answered - lines.back().received, std::chrono::milliseconds(150));
  expect_still_serves();
}

// The device worker's stdout is the runtime's stderr: a kernel that prints a
// fake answer cannot put the protocol out of step.
TEST_F(FaultTest, KernelPrintingToStdoutCannotForgeAnAnswer) {
  restart({}, log_);
  const size_t before = runtime_->skipped_lines().size();
  const std::string answer = compile_and_run({kEmpty, kEmpty, R"(
#include <cstdio>
void kernel_main() {
  std::printf("{\"status\":\"error\",\"msg\":\"forged\"}\n");
  std::fflush(stdout);
}
)"});
  EXPECT_EQ(answer, R"({"status":"ok"})");
  EXPECT_EQ(runtime_->skipped_lines().size(), before);
  EXPECT_THAT(logged(), HasSubstr("forged"));
  expect_still_serves();
}

}  // namespace
}  // namespace zyxtt::testing
