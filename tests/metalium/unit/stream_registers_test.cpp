// Stream registers (the NOC overlay) as kernels use them: their own through
// NOC_STREAM_READ_REG / NOC_STREAM_WRITE_REG, another core's through
// noc_inline_dw_write<InlineWriteDst::REG> and noc_async_read; the remote
// buffer's size and free-words update registers act as Blackhole's do.
#include <gtest/gtest.h>

#include "one_device.h"
#include "scoped_env.h"
#include "what_of.h"

#include <cstdint>
#include <string>
#include <vector>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

using StreamRegisters = metalium_test::OneDevice;

std::vector<uint32_t> words_at(IDevice* device, const CoreCoord& core, uint32_t address, uint32_t count) {
  std::vector<uint32_t> words;
  EXPECT_TRUE(detail::ReadFromDeviceL1(device, core, address, count * sizeof(uint32_t), words));
  return words;
}

uint32_t l1_base(IDevice* device) {
  return static_cast<uint32_t>(device->allocator()->get_base_allocator_addr(HalMemType::L1));
}

// Setting the size sets the free words; an update adds its field (bits 6..22,
// 17 wide, wrapping: a two's complement field takes words away); other
// registers hold what was written.
TEST_F(StreamRegisters, SizeSetsTheFreeWordsAndUpdatesAddToThem) {
  Program program = CreateProgram();
  const KernelHandle k = CreateKernelFromString(program, R"(
      void kernel_main() {
        auto* out = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(0));
        const uint32_t s = 3;
        const uint32_t free_mask = (1u << REMOTE_DEST_WORDS_FREE_WIDTH) - 1;
        NOC_STREAM_WRITE_REG(s, STREAM_REMOTE_DEST_BUF_SIZE_REG_INDEX, 5);
        out[0] = NOC_STREAM_READ_REG(s, STREAM_REMOTE_DEST_BUF_SIZE_REG_INDEX);
        out[1] = NOC_STREAM_READ_REG(s, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX) & free_mask;
        NOC_STREAM_WRITE_REG(s, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX,
                             7u << REMOTE_DEST_BUF_WORDS_FREE_INC);
        out[2] = NOC_STREAM_READ_REG(s, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX) & free_mask;
        NOC_STREAM_WRITE_REG(s, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX,
                             ((0u - 9u) & free_mask) << REMOTE_DEST_BUF_WORDS_FREE_INC);
        out[3] = NOC_STREAM_READ_REG(s, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX) & free_mask;
        NOC_STREAM_WRITE_REG(s + 60, 4, 0xABCD1234);
        out[4] = NOC_STREAM_READ_REG(s + 60, 4);
        out[5] = STREAM_REG_ADDR(s, 4) - NOC_OVERLAY_START_ADDR;
      })",
                                                CoreCoord{1, 1}, DataMovementConfig{});
  SetRuntimeArgs(program, k, CoreCoord{1, 1}, {l1_base(device)});
  detail::LaunchProgram(device, program);
  EXPECT_EQ(words_at(device, {1, 1}, l1_base(device), 6),
            (std::vector<uint32_t>{5, 5, 12, 3, 0xABCD1234, 3 * 0x1000 + 16}));
}

// tt-metal's directed pattern: each core writes the next core's register
// over the NOC, then reads it back into its own L1.
TEST_F(StreamRegisters, AnotherCoresRegisterIsWrittenInlineAndReadOverTheNoc) {
  Program program = CreateProgram();
  const CoreRange cores({0, 0}, {2, 1});
  const KernelHandle k = CreateKernelFromString(program, R"(
      void kernel_main() {
        const uint64_t reg = NOC_XY_ADDR(get_arg_val<uint32_t>(0), get_arg_val<uint32_t>(1), STREAM_REG_ADDR(32, 4));
        noc_inline_dw_write<InlineWriteDst::REG>(reg, get_arg_val<uint32_t>(2));
        noc_async_write_barrier();
        noc_async_read(reg, get_arg_val<uint32_t>(3), 4);
        noc_async_read_barrier();
      })",
                                                cores, DataMovementConfig{});
  const std::vector<CoreCoord> all = corerange_to_cores(CoreRangeSet(cores));
  for (size_t i = 0; i < all.size(); ++i) {
    const CoreCoord next = device->worker_core_from_logical_core(all[(i + 1) % all.size()]);
    SetRuntimeArgs(program, k, all[i], {static_cast<uint32_t>(next.x), static_cast<uint32_t>(next.y),
                                        static_cast<uint32_t>(0x5000 + i), l1_base(device)});
  }
  detail::LaunchProgram(device, program);
  for (size_t i = 0; i < all.size(); ++i)
    EXPECT_EQ(words_at(device, all[i], l1_base(device), 1).at(0), 0x5000 + i) << all[i].str();
}

// Every core adds one free word to core (0, 0)'s stream, which polls until it
// has them all. With one host thread, the poll must let the scheduler take up
// the cores that have not started yet.
TEST(StreamRegistersOneThread, APollSeesUpdatesFromCoresNotYetStarted) {
  const test_support::ScopedEnv threads("ZYX_TT_THREADS", "1");
  IDevice* device = CreateDevice(0);
  Program program = CreateProgram();
  const CoreRange cores({0, 0}, {3, 2});
  const KernelHandle k = CreateKernelFromString(program, R"(
      void kernel_main() {
        const uint32_t expected = get_arg_val<uint32_t>(2);
        const uint64_t reg = NOC_XY_ADDR(get_arg_val<uint32_t>(0), get_arg_val<uint32_t>(1),
            STREAM_REG_ADDR(1, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX));
        noc_inline_dw_write<InlineWriteDst::REG>(reg, 1u << REMOTE_DEST_BUF_WORDS_FREE_INC);
        noc_async_write_barrier();
        if (expected != 0) {
          while ((NOC_STREAM_READ_REG(1, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX) &
                  ((1u << REMOTE_DEST_WORDS_FREE_WIDTH) - 1)) != expected) {
          }
        }
      })",
                                                cores, DataMovementConfig{});
  const CoreCoord target = device->worker_core_from_logical_core({0, 0});
  for (const CoreCoord& core : corerange_to_cores(CoreRangeSet(cores))) {
    SetRuntimeArgs(program, k, core,
                   {static_cast<uint32_t>(target.x), static_cast<uint32_t>(target.y),
                    core == CoreCoord{0, 0} ? static_cast<uint32_t>(cores.size()) : 0u});
  }
  detail::LaunchProgram(device, program);
  CloseDevice(device);
}

// tt-metal's fabric keeps counters in stream registers it reaches through
// pointers to their addresses as well as through the calls: both must be
// one register. Each core's are its own, also when cores run on two host
// threads at once (a pointer shows the faulting core's registers only).
TEST_F(StreamRegisters, APointerToARegisterIsTheRegisterTheCallsReachOnEachCore) {
  Program program = CreateProgram();
  const CoreRange cores({0, 0}, {3, 1});
  const KernelHandle k = CreateKernelFromString(program, R"(
      #include "tt_metal/fabric/hw/inc/edm_fabric/fabric_stream_regs.hpp"
      void kernel_main() {
        auto* out = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(0));
        const uint32_t mine = get_arg_val<uint32_t>(1);
        const uint8_t s = 5;
        auto* reg = reinterpret_cast<volatile uint32_t*>(get_stream_scratch_register_address(s));
        *reg = mine;
        out[0] = read_stream_scratch_register(s);
        write_stream_scratch_register(s, mine + 1);
        out[1] = *reg;
        noc_inline_dw_write<InlineWriteDst::REG>(get_noc_addr(my_x[0], my_y[0], get_stream_scratch_register_address(s)),
                                                 mine + 2);
        noc_async_write_barrier();
        out[2] = *reg;
        init_ptr_val(s, 40);
        increment_local_update_ptr_val(s, -15);
        out[3] = *reinterpret_cast<volatile uint32_t*>(get_stream_reg_read_addr(s)) & 0xFFFF;
        out[4] = get_ptr_val(s);
        out[5] = get_stream_scratch_register_address<7>() - STREAM_REG_ADDR(7, 0);  // register 4 on Blackhole
      })",
                                                cores, DataMovementConfig{});
  const std::vector<CoreCoord> all = corerange_to_cores(CoreRangeSet(cores));
  for (size_t i = 0; i < all.size(); ++i)
    SetRuntimeArgs(program, k, all[i], {l1_base(device), static_cast<uint32_t>(0x100 * (i + 1))});
  detail::LaunchProgram(device, program);
  for (size_t i = 0; i < all.size(); ++i) {
    const uint32_t mine = 0x100 * (i + 1);
    EXPECT_EQ(words_at(device, all[i], l1_base(device), 6),
              (std::vector<uint32_t>{mine, mine + 1, mine + 2, 25, 25, 16}))
        << all[i].str();
  }
}

TEST_F(StreamRegisters, AStreamPastTheCoresIsRefusedNamingIt) {
  Program program = CreateProgram();
  CreateKernelFromString(program, R"(
      void kernel_main() { NOC_STREAM_WRITE_REG(NOC_NUM_STREAMS, 0, 1); })",
                         CoreCoord{0, 0}, DataMovementConfig{});
  const std::string what = what_of([&] { detail::LaunchProgram(device, program); });
  EXPECT_NE(what.find("stream 64 register 0 does not exist"), std::string::npos) << what;
}

}  // namespace
