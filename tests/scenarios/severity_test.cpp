// Sanitizer severity: what silicon tolerates and computes right (tt-metal's
// add_2_integers_in_compute packs and pushes without cb_reserve_back) runs
// and warns naming core, kernel and line; what silicon computes wrong fails
// the run; --strict (ZYX_TT_STRICT=1) makes every finding fail it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "fault_fixture.h"

namespace zyxtt::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

// Copies CB 0's tile to CB 16 as add_2_tiles.cpp does: no cb_reserve_back.
// The pack is on line 11 of this source, the push on line 14.
constexpr const char* kPackWithoutReserve = R"(#include "api/compute/tile_move_copy.h"
void kernel_main() {
  constexpr auto cb_in = tt::CBIndex::c_0;
  constexpr auto cb_out = tt::CBIndex::c_16;
  copy_tile_init(cb_in);
  cb_wait_front(cb_in, 1);
  tile_regs_acquire();
  copy_tile(cb_in, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, cb_out);
  tile_regs_release();
  cb_pop_front(cb_in, 1);
  cb_push_back(cb_out, 1);
}
)";

// The same, three times over a two-page CB with nothing draining it in
// between: the third pack (line 9) lands on a page still holding the first tile.
constexpr const char* kPackOverUnpoppedData = R"(#include "api/compute/tile_move_copy.h"
void kernel_main() {
  cb_wait_front(tt::CBIndex::c_0, 1);
  tile_regs_acquire();
  copy_tile(tt::CBIndex::c_0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  for (int i = 0; i < 3; ++i) {
    pack_tile(0, tt::CBIndex::c_16);
    cb_push_back(tt::CBIndex::c_16, 1);
  }
  tile_regs_release();
}
)";

// Writes CB 16's first page to page 0 of the output.
constexpr const char* kWriteOneTile = R"(
void kernel_main() {
  const InterleavedAddrGen<true> dst = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_wait_front(tt::CBIndex::c_16, 1);
  noc_async_write(get_read_ptr(tt::CBIndex::c_16), get_noc_addr(0, dst), 4096);
  noc_async_write_barrier();
  cb_pop_front(tt::CBIndex::c_16, 1);
}
)";

class SeverityTest : public FaultTest {
 protected:
  // The output's first page is the input's: the copy computed right.
  void expect_tile_copied() {
    const std::vector<std::byte> in = input_bytes(), got = read(out_, 4096);
    EXPECT_TRUE(std::equal(got.begin(), got.end(), in.begin()));
  }
  // Restarts the runtime with `env` added to its environment, stderr to log_.
  void restart_env(std::vector<std::pair<std::string, std::string>> env) {
    runtime_.reset();
    client::SpawnOptions options = runtime_options();
    options.env = std::move(env);
    options.stderr_path = log_;
    start_with(options, ZYXTT_SCENARIO_CACHE_DIR);
  }
};

TEST_F(SeverityTest, PackAndPushWithoutReserveIntoFreePagesWarnNamingCoreKernelAndLine) {
  restart({}, log_);
  ASSERT_EQ(compile_and_run({kReadOneTile, kPackWithoutReserve, kWriteOneTile}), R"({"status":"ok"})");
  expect_tile_copied();
  const std::string log = logged();
  EXPECT_THAT(log, AllOf(HasSubstr("[warning] core (x=0, y=0) compute: compute.cpp:11: pack_tile: slot 0 of CB 16 is "
                                   "outside the reserved region (0 pages; missing cb_reserve_back"),
                         HasSubstr("but its page was free; silicon computes this right, so it is a warning "
                                   "(--strict (ZYX_TT_STRICT=1) makes it an error)"),
                         HasSubstr("[warning] core (x=0, y=0) compute: compute.cpp:14: cb_push_back: 1 page(s) of CB "
                                   "16 pushed without cb_reserve_back")));
  // Once per call site and run, however many cores make the call.
  ASSERT_EQ(compile_and_run({kReadOneTile, kPackWithoutReserve, kWriteOneTile}, 2, 3), R"({"status":"ok"})");
  const std::string both = logged();
  size_t packs = 0;
  for (size_t at = both.find("compute.cpp:11: pack_tile"); at != std::string::npos;
       at = both.find("compute.cpp:11: pack_tile", at + 1))
    ++packs;
  EXPECT_EQ(packs, 2u) << both;
}

TEST_F(SeverityTest, StrictMakesTheSameKernelFailNamingLineAndOption) {
  restart({"--strict"}, log_);
  const std::string answer = compile_and_run({kReadOneTile, kPackWithoutReserve, kWriteOneTile});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer),
              AllOf(HasSubstr("core (x=0, y=0) compute: compute.cpp:11: pack_tile: slot 0 of CB 16 is outside the "
                              "reserved region"),
                    HasSubstr("an error under --strict (ZYX_TT_STRICT=1)")));
  expect_still_serves();
}

TEST_F(SeverityTest, StrictHasItsEnvironmentTwin) {
  restart_env({{"ZYX_TT_STRICT", "1"}});
  const std::string answer = compile_and_run({kReadOneTile, kPackWithoutReserve, kWriteOneTile});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), HasSubstr("compute.cpp:11: pack_tile"));
  restart_env({{"ZYX_TT_STRICT", "0"}});
  EXPECT_EQ(compile_and_run({kReadOneTile, kPackWithoutReserve, kWriteOneTile}), R"({"status":"ok"})");
}

// What silicon computes wrong stays an error without --strict.
TEST_F(SeverityTest, PackingOverUnpoppedDataFails) {
  restart({"--threads", "1"}, log_);
  const std::string answer = compile_and_run({kReadOneTile, kPackOverUnpoppedData, kEmpty});
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_THAT(msg_of(answer), AllOf(HasSubstr("core (x=0, y=0) compute: compute.cpp:9: pack_tile: slot 0 of CB 16 is "
                                              "outside the reserved region"),
                                    HasSubstr("and its page holds data not yet popped")));
  expect_still_serves();
}

}  // namespace
}  // namespace zyxtt::testing
