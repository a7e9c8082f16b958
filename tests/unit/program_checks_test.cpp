// The checks every device needs, against declared capabilities.
#include "device/program_checks.h"

#include <gtest/gtest.h>

#include <functional>

#include "common/error.h"

namespace zyxtt {
namespace {

using namespace program;

DeviceCapabilities caps(bool beyond = false) {
  DeviceCapabilities c;
  c.kind = "test";
  c.arch = &default_arch();  // Blackhole p100a: 10 rows x 12 columns
  c.grids_beyond_arch = beyond;
  c.cb_formats = {tt::DataFormat::Float32, tt::DataFormat::Float16_b};
  c.l1_unreserved_base = 0x10000;
  c.max_runtime_args = 341;
  c.max_circular_buffers = 64;
  c.max_semaphores = 16;
  return c;
}

CoreRangeSet range(uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) { return {{{{x0, y0}, {x1, y1}}}}; }

KernelSpec kernel(const char* name, Processor p, CoreRangeSet cores) {
  KernelSpec k;
  k.name = name;
  k.processor = p;
  k.cores = std::move(cores);
  return k;
}

void expect_error(const std::function<void()>& f, Code code, const std::string& message) {
  try {
    f();
    ADD_FAILURE() << "no error; expected " << message;
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(ProgramChecks, DifferentKernelsPerProcessorOnDisjointRangesPass) {
  Program p;
  p.kernels = {kernel("a", Processor::kRiscv0, range(0, 0, 0, 0)), kernel("b", Processor::kRiscv0, range(1, 0, 1, 0)),
               kernel("c", Processor::kCompute, range(0, 0, 1, 0))};
  EXPECT_NO_THROW(check_program(p, caps(), false));
}

TEST(ProgramChecks, TwoKernelsOnOneProcessorOfACoreAreRefused) {
  Program p;
  p.kernels = {kernel("a", Processor::kRiscv1, range(0, 0, 2, 2)), kernel("b", Processor::kRiscv1, range(2, 2, 3, 3))};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "kernel 1 (b) and kernel 0 (a) both run on the RISCV_1 processor of core (2,2); a core runs one kernel "
               "per processor");
}

TEST(ProgramChecks, CoresOutsideTheGridNeedADeviceAndUserThatAllowIt) {
  Program p;
  p.kernels = {kernel("k", Processor::kRiscv0, range(0, 0, 0, 10))};
  expect_error([&] { check_program(p, caps(), false); }, Code::kOutOfRange,
               "kernel 0 (k): core range (0,0)-(0,10) is outside the p100a worker grid of 12 columns (x) by 10 rows (y)");
  expect_error([&] { check_program(p, caps(false), true); }, Code::kOutOfRange,
               "kernel 0 (k): core range (0,0)-(0,10) is outside the p100a worker grid of 12 columns (x) by 10 rows (y)");
  // A device that could run it says how to ask for that.
  expect_error([&] { check_program(p, caps(true), false); }, Code::kOutOfRange,
               "kernel 0 (k): core range (0,0)-(0,10) is outside the p100a worker grid of 12 columns (x) by 10 rows (y); "
               "to run it on virtual cores, use --virtual-grid (ZYX_TT_VIRTUAL_GRID=1)");
  // In the words of the caller: a TT-Metalium program has only the variable.
  expect_error([&] { check_program(p, caps(true), GridPermission(false, OptionHints::kVariable)); },
               Code::kOutOfRange,
               "kernel 0 (k): core range (0,0)-(0,10) is outside the p100a worker grid of 12 columns (x) by 10 rows (y); "
               "to run it on virtual cores, use ZYX_TT_VIRTUAL_GRID=1");
  EXPECT_NO_THROW(check_program(p, caps(true), true));
}

TEST(ProgramChecks, OverlappingRangesAndEmptySetsAreRefused) {
  Program p;
  p.kernels = {kernel("k", Processor::kRiscv0, CoreRangeSet{{{{0, 0}, {1, 1}}, {{1, 1}, {2, 2}}}})};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "kernel 0 (k): core ranges (0,0)-(1,1) and (1,1)-(2,2) overlap");
  p.kernels = {kernel("k", Processor::kRiscv0, CoreRangeSet{})};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument, "kernel 0 (k) has no cores");
}

TEST(ProgramChecks, CircularBuffersAreCheckedPerIndexAndForSpace) {
  Program p;
  p.circular_buffers = {{range(0, 0, 1, 0), 4096, {{0, tt::DataFormat::Float32, 4096}}, {}},
                        {range(1, 0, 1, 0), 4096, {{0, tt::DataFormat::Float16_b, 2048}}, {}}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "circular buffer 1: CB 0 is configured twice on core (1,0)");
  p.circular_buffers = {{range(0, 0, 0, 0), 3000, {{1, tt::DataFormat::Float32, 2048}}, {}}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "circular buffer 0: total size 3000 is not a positive multiple of CB 1's page size 2048");
  p.circular_buffers = {{range(0, 0, 0, 0), 2048, {{1, tt::DataFormat::Bfp8_b, 2048}}, {}}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "circular buffer 0: CB 1 has data format 6, which the test device cannot hold");
  p.circular_buffers = {{range(0, 0, 0, 0), 4096 * 400, {{1, tt::DataFormat::Float32, 4096}}, {}}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kResourceExhausted,
               "the circular buffers take 1638400 bytes of L1 on core (0,0), but 1507328 bytes are free above the "
               "reserved 65536 bytes; use fewer or smaller pages");
  // A CB in an L1 buffer takes no CB space.
  p.circular_buffers[0].address = 0x100000;
  EXPECT_NO_THROW(check_program(p, caps(), false));
}

TEST(ProgramChecks, SemaphoreIdsAreBoundedAndUniquePerCore) {
  Program p;
  p.semaphores = {{16, range(0, 0, 0, 0), 0}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kOutOfRange,
               "semaphore 16: a core has at most 16 semaphores (ids 0 to 15)");
  p.semaphores = {{3, range(0, 0, 1, 0), 1}, {3, range(1, 0, 2, 0), 0}};
  expect_error([&] { check_program(p, caps(), false); }, Code::kInvalidArgument,
               "semaphore 3 is created twice on core (1,0)");
}

TEST(ProgramChecks, BuffersNeedASizeAPageSizeAndAShardSpecExactlyWhenSharded) {
  BufferSpec b{0, 4096, MemoryKind::kDram, BufferLayout::kInterleaved, {}};
  expect_error([&] { check_buffer(b, caps()); }, Code::kInvalidArgument, "buffer size is 0; expected at least 1 byte");
  b.size = 100;
  b.layout = BufferLayout::kHeightSharded;
  expect_error([&] { check_buffer(b, caps()); }, Code::kInvalidArgument, "a sharded buffer needs a shard spec");
  b.shard = ShardSpec{};
  EXPECT_NO_THROW(check_buffer(b, caps()));  // DRAM may be sharded, as L1
  b.memory = MemoryKind::kL1;
  EXPECT_NO_THROW(check_buffer(b, caps()));
  b.size = 30ull << 30;
  b.layout = BufferLayout::kInterleaved;
  b.shard.reset();
  b.memory = MemoryKind::kDram;
  expect_error([&] { check_buffer(b, caps()); }, Code::kResourceExhausted,
               "32212254720 bytes is more than the device's 29947330560 bytes of DRAM");
}

TEST(ProgramChecks, PagesAlignToTheirMemory) {
  BufferSpec b{1000, 100, MemoryKind::kDram, BufferLayout::kInterleaved, {}};
  EXPECT_EQ(aligned_page_size(b, default_arch()), 128u);  // DRAM: 64-byte alignment
  b.memory = MemoryKind::kL1;
  EXPECT_EQ(aligned_page_size(b, default_arch()), 112u);  // L1: 16
}

}  // namespace
}  // namespace zyxtt
