// Kernel-API reach through the real binary: names ttnn's kernels use beyond
// the classic calls, run with their silicon meaning.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "fault_fixture.h"

namespace zyxtt::testing {
namespace {

// Reads input page 0 into CB 0, then clears its second half from the
// always-zero L1 region (MEM_ZEROS_BASE) with stateful one-packet NOC reads
// (set_async_read_state fixes source and size, async_read_with_state passes
// size 0, as ttnn's kernel_lib zero_tile does); reads the wall clock too.
constexpr const char* kZeroSecondHalf = R"(
#include "api/dataflow/endpoints.h"
#include "api/core_local_mem.h"
void kernel_main() {
  const InterleavedAddrGen<true> src = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_reserve_back(tt::CBIndex::c_0, 1);
  const uint32_t page = get_write_ptr(tt::CBIndex::c_0);
  noc_async_read(get_noc_addr(0, src), page, 4096);
  noc_async_read_barrier();
  Noc noc;
  UnicastEndpoint ep;
  const noc_traits_t<UnicastEndpoint>::src_args_type zeros{.noc_x = my_x[noc.get_noc_id()], .noc_y = my_y[noc.get_noc_id()],
                                                          .addr = MEM_ZEROS_BASE};
  noc.set_async_read_state<NocOptions::DEFAULT, MEM_ZEROS_SIZE>(ep, MEM_ZEROS_SIZE, zeros);
  for (uint32_t at = 2048; at < 4096; at += MEM_ZEROS_SIZE)
    noc.async_read_with_state<NocOptions::DEFAULT, MEM_ZEROS_SIZE>(ep, CoreLocalMem<uint32_t>(page + at), 0, zeros, {});
  noc.async_read_barrier();
  volatile uint32_t* clock_lo = reinterpret_cast<volatile uint32_t*>(RISCV_DEBUG_REG_WALL_CLOCK_L);
  (void)clock_lo[0];
  cb_push_back(tt::CBIndex::c_0, 1);
}
)";

constexpr const char* kWritePage = R"(
void kernel_main() {
  const InterleavedAddrGen<true> dst = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_wait_front(tt::CBIndex::c_0, 1);
  noc_async_write(get_read_ptr(tt::CBIndex::c_0), get_noc_addr(0, dst), 4096);
  noc_async_write_barrier();
  cb_pop_front(tt::CBIndex::c_0, 1);
}
)";

using KernelApiTest = FaultTest;

TEST_F(KernelApiTest, MemZerosClearsL1ThroughStatefulNocReads) {
  ASSERT_EQ(compile_and_run({kZeroSecondHalf, kEmpty, kWritePage}), R"({"status":"ok"})");
  const std::vector<std::byte> in = input_bytes(), got = read(out_, 4096);
  EXPECT_TRUE(std::equal(got.begin(), got.begin() + 2048, in.begin())) << "the first half is the input's";
  EXPECT_TRUE(std::all_of(got.begin() + 2048, got.end(), [](std::byte b) { return b == std::byte{0}; }))
      << "the second half came from MEM_ZEROS";
}

}  // namespace
}  // namespace zyxtt::testing
