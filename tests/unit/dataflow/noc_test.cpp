// NOC transfers through krt: decoding, bounds, alignment policy, multicast,
// semaphores, inline writes, barriers and the kernel-exit check.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/l1_layout.h"
#include "emu_grid.h"
#include "zyxtt/krt.h"
#include "zyxtt/noc_addr.h"

namespace zyxtt::emu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using krt::Role;

#define EXPECT_FAILURE(stmt, text) \
  EXPECT_THAT([&] { stmt; }, ::testing::ThrowsMessage<Failure>(HasSubstr(text)))

class NocTest : public ::testing::Test {
 protected:
  NocTest() {
    grid.add_buffer(kBuf, kBufBytes);
    grid.use(reader);
  }
  static constexpr uint64_t kBuf = 0x40000;
  static constexpr uint64_t kBufBytes = 0x8000;
  Grid grid{2, 3};
  KernelInstance& reader = grid.instance(0, 0, Role::kReader);
  CoreState& self = grid.core(0, 0);
  uint32_t l1(uint32_t off) { return grid.l1_addr(self, off); }
};

TEST_F(NocTest, DramReadLandsInL1) {
  const uint32_t v = 0xdeadbeef;
  std::memcpy(grid.bank(2) + kBuf + 0x100, &v, 4);
  krt::noc_read(noc::dram(2, kBuf + 0x100), l1(0x2000), 4, 0);
  uint32_t got;
  std::memcpy(&got, self.l1 + 0x2000, 4);
  EXPECT_EQ(got, v);
  EXPECT_EQ(reader.noc_counters[0].reads_issued, 1u);
}

TEST_F(NocTest, DramWriteLandsInTheBank) {
  std::memset(self.l1 + 0x3000, 0x5a, 64);
  krt::noc_write(l1(0x3000), noc::dram(3, kBuf + 0x40), 64, 1, false);
  EXPECT_EQ(grid.bank(3)[kBuf + 0x40], 0x5a);
  EXPECT_EQ(grid.bank(3)[kBuf + 0x40 + 63], 0x5a);
  EXPECT_EQ(grid.bank(3)[kBuf + 0x40 + 64], 0);
  EXPECT_EQ(reader.noc_counters[1].writes_issued, 1u);
}

TEST_F(NocTest, DramOutsideEveryBufferFails) {
  EXPECT_FAILURE(krt::noc_read(noc::dram(1, kBuf + kBufBytes - 2), l1(0x2000 + 62), 4, 0),
                 "noc_async_read: DRAM source bank 1 address 0x47ffe + 4 bytes is not inside one live buffer; nearest "
                 "buffer at 0x40000..0x48000 (32768 bytes per bank)");
  grid.rs().buffers.clear();
  reader.noc_cache = {};
  EXPECT_FAILURE(krt::noc_read(noc::dram(0, 0x100), l1(0x2100), 4, 0), "no live DRAM buffers");
}

TEST_F(NocTest, RangeSpanningTwoBuffersFails) {
  grid.add_buffer(kBuf + kBufBytes, 0x1000);  // adjacent, but a transfer may not straddle
  EXPECT_FAILURE(krt::noc_read(noc::dram(0, kBuf + kBufBytes - 64), l1(0x2000), 128, 0), "not inside one live buffer");
  EXPECT_NO_THROW(krt::noc_read(noc::dram(0, kBuf + kBufBytes), l1(0x2000), 128, 0));
}

// A write that runs past its buffer into DRAM no buffer holds lands there, as
// on silicon (tt-metal's tests write a whole tile into a smaller buffer): a
// warning, an error under --strict; into another buffer it fails.
TEST_F(NocTest, DramWritePastItsBufferIntoFreeDramWarnsAndLands) {
  std::memset(self.l1 + 0x3000, 0x5a, 128);
  ::testing::internal::CaptureStderr();
  krt::noc_write(l1(0x3000), noc::dram(1, kBuf + kBufBytes - 64), 128, 0, false);
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("noc_async_write: DRAM bank 1 address 0x47fc0 + 128 bytes is not inside one live buffer: the "
                        "bytes outside land in DRAM no buffer holds, as on silicon"));
  EXPECT_EQ(grid.bank(1)[kBuf + kBufBytes + 63], 0x5a);
  grid.add_buffer(kBuf + kBufBytes + 0x1000, 0x1000);
  EXPECT_FAILURE(krt::noc_write(l1(0x3000), noc::dram(0, kBuf + kBufBytes + 0x1000 - 64), 128, 0, false),
                 "noc_async_write: DRAM destination bank 0 address 0x48fc0 + 128 bytes is not inside one live buffer");
  grid.rs().strict = true;
  EXPECT_FAILURE(krt::noc_write(l1(0x3000), noc::dram(1, kBuf + kBufBytes - 64), 128, 0, false), "--strict");
  grid.rs().strict = false;
}

TEST_F(NocTest, MissingBankOrCoreFails) {
  EXPECT_FAILURE(krt::noc_read(noc::dram(9, kBuf), l1(0x2000), 4, 0), "names DRAM bank 9, but there are 4 banks");
  EXPECT_FAILURE(krt::noc_read(noc::unicast(8, 2, l1(0)), l1(0x2000), 4, 0),
                 "names (8,2), which is neither a DRAM bank nor a worker or ethernet core");
}

TEST_F(NocTest, LocalL1OutOfRangeFails) {
  EXPECT_FAILURE(krt::noc_read(noc::dram(0, kBuf), l1(Grid::kL1Bytes - 64), 128, 0),
                 "destination L1 address");
  EXPECT_FAILURE(krt::noc_write(l1(0) - 64, noc::dram(0, kBuf), 64, 0, false), "outside this core's L1");
}

TEST_F(NocTest, RemoteL1UsesTheSameOffset) {
  CoreState& other = grid.core(1, 2);
  std::memset(self.l1 + 0x4000, 0x77, 32);
  // The address is this core's L1 address, as a kernel computes it from a CB pointer.
  krt::noc_write(l1(0x4000), noc::unicast(other.noc_x, other.noc_y, l1(0x5000)), 32, 0, false);
  EXPECT_EQ(other.l1[0x5000], 0x77);
  EXPECT_EQ(other.l1[0x5000 + 31], 0x77);
  EXPECT_EQ(self.l1[0x5000], 0);
  // Reading back from the remote core into local L1.
  krt::noc_read(noc::unicast(other.noc_x, other.noc_y, grid.l1_addr(other, 0x5000)), l1(0x6000), 32, 0);
  EXPECT_EQ(self.l1[0x6000 + 31], 0x77);
  EXPECT_FAILURE(krt::noc_write(l1(0x4000), noc::unicast(other.noc_x, other.noc_y, l1(Grid::kL1Bytes - 16)), 32, 0, false),
                 "outside the L1 of core (2,1)");
}

TEST_F(NocTest, AlignmentErrorNamesBothAddresses) {
  grid.rs().align_policy = AlignPolicy::kError;
  EXPECT_FAILURE(krt::noc_read(noc::dram(0, kBuf + 32), l1(0x2000), 4, 0),
                 "noc_async_read: source DRAM address 0x40020 and destination L1 offset 0x2000 differ modulo 64 (32 vs "
                 "0); silicon would deliver shifted data");
  EXPECT_NO_THROW(krt::noc_read(noc::dram(0, kBuf + 65), l1(0x2001), 4, 0)) << "unaligned but congruent is fine";
  EXPECT_FAILURE(krt::noc_write(l1(0x2004), noc::dram(0, kBuf), 4, 0, false), "differ modulo 16 (4 vs 0)");
  EXPECT_NO_THROW(krt::noc_write(l1(0x2010), noc::dram(0, kBuf + 32), 4, 0, false)) << "writes need only 16";
  CoreState& other = grid.core(0, 1);
  EXPECT_FAILURE(krt::noc_read(noc::unicast(other.noc_x, other.noc_y, l1(0x100)), l1(0x2008), 4, 0),
                 "source L1 offset 0x100 and destination L1 offset 0x2008 differ modulo 16");
}

TEST_F(NocTest, AlignmentWarnOnceAndIgnore) {
  const uint32_t v = 0x01020304;
  std::memcpy(grid.bank(0) + kBuf + 32, &v, 4);
  grid.rs().align_policy = AlignPolicy::kWarn;
  ::testing::internal::CaptureStderr();
  krt::noc_read(noc::dram(0, kBuf + 32), l1(0x2000), 4, 0);
  krt::noc_read(noc::dram(0, kBuf + 32), l1(0x2040), 4, 0);
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_THAT(err, HasSubstr("[zyx-tt-emulator] [warning] noc_async_read: source DRAM address 0x40020"));
  EXPECT_EQ(err.find("warning"), err.rfind("warning")) << "warned once: " << err;
  uint32_t got;
  std::memcpy(&got, self.l1 + 0x2040, 4);
  EXPECT_EQ(got, v) << "the copy still happens";

  grid.rs().align_policy = AlignPolicy::kIgnore;
  reset_dataflow_warnings();
  ::testing::internal::CaptureStderr();
  krt::noc_read(noc::dram(0, kBuf + 32), l1(0x2000), 4, 0);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST_F(NocTest, MulticastReachesTheRectangle) {
  std::memset(self.l1 + 0x7000, 0x33, 16);
  const CoreState& far = grid.core(1, 2);
  const uint64_t mcast = noc::multicast(self.noc_x, self.noc_y, far.noc_x, far.noc_y, l1(0x8000));
  krt::noc_write_multicast(l1(0x7000), mcast, 16, 5, false, 0);
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t c = 0; c < 3; ++c) {
      EXPECT_EQ(grid.core(r, c).l1[0x8000], (r == 0 && c == 0) ? 0 : 0x33) << r << "," << c;
    }
  }
  krt::noc_write_multicast(l1(0x7000), mcast, 16, 6, true, 0);
  EXPECT_EQ(self.l1[0x8000], 0x33);
  EXPECT_FAILURE(krt::noc_write_multicast(l1(0x7000), mcast, 16, 6, false, 0),
                 "holds 5 destination cores (sender excluded) but num_dests is 6");
}

TEST_F(NocTest, SemaphoresAndInlineWrites) {
  const uint32_t sem = krt::semaphore_addr(1);
  EXPECT_EQ(sem, l1(Grid::kSemOffset + 16));
  auto* word = reinterpret_cast<volatile uint32_t*>(uintptr_t(sem));
  *word = 0;
  CoreState& other = grid.core(1, 1);
  // Increment the same semaphore on another core, then our own.
  krt::noc_atomic_inc(noc::unicast(other.noc_x, other.noc_y, sem), 3, 0);
  uint32_t other_val;
  std::memcpy(&other_val, other.l1 + Grid::kSemOffset + 16, 4);
  EXPECT_EQ(other_val, 3u);
  EXPECT_THROW(krt::wait_l1_word(word, 2, false, "noc_semaphore_wait"), Blocked);
  krt::noc_atomic_inc(noc::unicast(self.noc_x, self.noc_y, sem), 2, 0);
  EXPECT_NO_THROW(krt::wait_l1_word(word, 2, false, "noc_semaphore_wait"));
  EXPECT_NO_THROW(krt::wait_l1_word(word, 1, true, "noc_semaphore_wait_min"));
  EXPECT_THROW(krt::wait_l1_word(word, 3, true, "noc_semaphore_wait_min"), Blocked);

  krt::noc_inline_write(noc::unicast(self.noc_x, self.noc_y, sem), 0xAABBCCDD, 0x5, 0);
  EXPECT_EQ(*word, 0x00BB00DDu | (2u & 0xFF00FF00u));
  EXPECT_FAILURE(krt::noc_inline_write(noc::dram(0, kBuf), 1, 0xF, 0), "only L1 words can be targeted");
  EXPECT_FAILURE(krt::noc_atomic_inc(noc::unicast(self.noc_x, self.noc_y, sem + 2), 1, 0), "not 4-byte aligned");
  EXPECT_EQ(reader.noc_counters[0].atomics_issued, 2u);
}

TEST_F(NocTest, ExitCheckReportsUnbarrieredTransactions) {
  krt::noc_read(noc::dram(0, kBuf), l1(0x2000), 64, 0);
  EXPECT_THAT(kernel_exit_problems(reader), HasSubstr("1 NOC read(s) on NOC 0 not completed by noc_async_read_barrier"));
  krt::noc_read_barrier(0);
  EXPECT_EQ(kernel_exit_problems(reader), "");

  // Unsent nonposted writes are a finding: silicon sends them after the
  // kernel ends (tt-metal's multicast senders end on a semaphore multicast).
  krt::noc_write(l1(0x2000), noc::dram(0, kBuf), 64, 1, false);
  krt::noc_write_barrier(0);  // wrong NOC: barriers are per NOC
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(kernel_exit_problems(reader), "");
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("returned with 1 NOC write(s) on NOC 1 issued after its last noc_async_write_barrier"));
  grid.rs().strict = true;
  EXPECT_FAILURE(kernel_exit_problems(reader), "an error under --strict");
  krt::noc_writes_flushed(1);  // writes that left the core need no acknowledgement
  EXPECT_EQ(kernel_exit_problems(reader), "");
  krt::noc_write(l1(0x2000), noc::dram(0, kBuf), 64, 1, false);
  krt::noc_write_barrier(1);
  EXPECT_EQ(kernel_exit_problems(reader), "");
  // So is an increment without an atomic barrier (receivers of a multicast).
  krt::noc_atomic_inc(noc::unicast(grid.core(0, 0).noc_x, grid.core(0, 0).noc_y, krt::semaphore_addr(0)), 1, 0);
  EXPECT_FAILURE(kernel_exit_problems(reader), "returned with 1 NOC atomic(s) on NOC 0 issued after its last "
                                               "noc_async_atomic_barrier; an error under --strict");
  krt::noc_atomic_barrier(0);
  EXPECT_EQ(kernel_exit_problems(reader), "");
  grid.rs().strict = false;
  krt::noc_write(l1(0x2000), noc::dram(0, kBuf), 64, 1, true);
  EXPECT_THAT(kernel_exit_problems(reader), HasSubstr("posted NOC write(s) on NOC 1"));
  krt::noc_writes_flushed(1);
  EXPECT_NO_THROW(check_kernel_exit(reader));
  EXPECT_FAILURE(krt::noc_read_barrier(2), "NOC 2 does not exist");
}

TEST_F(NocTest, ExitCheckWarnsAboutReservedPages) {
  grid.add_cb(4, 64, 2);
  krt::cb_reserve_back(4, 1);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(kernel_exit_problems(reader), "");
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("core (x=0, y=0) reader: kernel_main: returned with 1 page(s) of CB 4 reserved but not pushed"));
  grid.rs().strict = true;
  EXPECT_FAILURE(kernel_exit_problems(reader), "reserved but not pushed; an error under --strict");
}

TEST_F(NocTest, EncodersMatchTheLayout) {
  EXPECT_EQ(krt::dram_noc_addr(3, 0x1234), (uint64_t{3} << 42) | 0x1234);
  EXPECT_EQ(krt::core_noc_addr(5, 7, 0x10), (uint64_t{7} << 42) | (uint64_t{5} << 36) | 0x10);
  const uint64_t m = krt::multicast_noc_addr(1, 2, 3, 4, 0x20);
  EXPECT_EQ(noc::x_start_of(m), 1u);
  EXPECT_EQ(noc::y_start_of(m), 2u);
  EXPECT_EQ(noc::x_of(m), 3u);
  EXPECT_EQ(noc::y_of(m), 4u);
  EXPECT_EQ(krt::l1_banks(), 6u);
  EXPECT_EQ(krt::l1_bank_noc_addr(4, 0x30), noc::unicast(2, 3, 0x30));  // core (1, 1)
  EXPECT_EQ(krt::my_noc_x(0), 1u);
  EXPECT_EQ(krt::my_noc_y(1), 2u);
}

TEST_F(NocTest, RuntimeArgsPastTheCountWarnAndPastTheirSlotsFail) {
  KernelInstance& k = grid.instance(1, 2, Role::kWriter, {10, 20});
  grid.use(k);
  EXPECT_EQ(krt::runtime_arg(1), 20u);
  EXPECT_EQ(krt::runtime_arg_count(), 2u);
  EXPECT_EQ(krt::default_noc(), 1);
  EXPECT_EQ(krt::logical_x(), 2u);
  EXPECT_EQ(krt::logical_y(), 1u);
  // Past the args but inside their L1 slots: silicon reads the slot; a
  // warning, an error under --strict. Past the slots the run fails.
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(krt::runtime_arg(2), 0u);
  EXPECT_THAT(::testing::internal::GetCapturedStderr(),
              HasSubstr("get_arg_val: index 2 is past the kernel's 2 runtime args; it reads what that L1 slot holds, "
                        "as silicon does"));
  grid.rs().strict = true;
  EXPECT_FAILURE(krt::runtime_arg(3), "get_arg_val: index 3 is past the kernel's 2 runtime args; it reads what that "
                                      "L1 slot holds, as silicon does; an error under --strict");
  grid.rs().strict = false;
  EXPECT_FAILURE(krt::runtime_arg(l1::kMaxRuntimeArgs), "the kernel has 2 runtime args");
}

}  // namespace
}  // namespace zyxtt::emu::test
