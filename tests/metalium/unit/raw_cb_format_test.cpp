// Circular buffers of a raw format (RawUInt8/16/32): bytes that data movement
// kernels pass through, which compute kernels cannot unpack.
#include <gtest/gtest.h>

#include "one_device.h"

#include <cstdint>
#include <string>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

using RawCbFormat = metalium_test::OneDevice;

const CoreCoord kCore(0, 0);
constexpr uint32_t kBytes = 4096;

// A kernel fills a RawUInt32 CB page with 3 * i + 1 and sends it to DRAM.
TEST_F(RawCbFormat, DataMovementKernelsPassItsBytes) {
  auto out = CreateBuffer(
      InterleavedBufferConfig{.device = device, .size = kBytes, .page_size = kBytes, .buffer_type = BufferType::DRAM});
  Program program = CreateProgram();
  CreateCircularBuffer(program, kCore,
                       CircularBufferConfig(kBytes, {{0, tt::DataFormat::RawUInt32}}).set_page_size(0, kBytes));
  std::vector<uint32_t> compile_args;
  TensorAccessorArgs(*out).append_to(compile_args);
  const KernelHandle k = CreateKernelFromString(program, R"(
      #include "api/dataflow/dataflow_api.h"
      void kernel_main() {
        constexpr auto args = TensorAccessorArgs<0>();
        const auto out = TensorAccessor(args, get_arg_val<uint32_t>(0));
        cb_reserve_back(0, 1);
        auto* words = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_write_ptr(0));
        for (uint32_t i = 0; i < 1024; ++i) words[i] = 3 * i + 1;
        noc_async_write(get_write_ptr(0), out.get_noc_addr(0), 4096);
        noc_async_write_barrier();
      })",
                                                kCore, DataMovementConfig{.compile_args = compile_args});
  SetRuntimeArgs(program, k, kCore, {out->address()});
  detail::LaunchProgram(device, program);
  std::vector<uint32_t> words;
  detail::ReadFromBuffer(out, words);
  std::vector<uint32_t> expected(1024);
  for (uint32_t i = 0; i < 1024; ++i) expected[i] = 3 * i + 1;
  EXPECT_EQ(words, expected);
}

TEST_F(RawCbFormat, ComputeKernelsCannotUnpackIt) {
  Program program = CreateProgram();
  CreateCircularBuffer(program, kCore,
                       CircularBufferConfig(kBytes, {{0, tt::DataFormat::RawUInt32}}).set_page_size(0, kBytes));
  CreateCircularBuffer(program, kCore,
                       CircularBufferConfig(2048, {{16, tt::DataFormat::Float16_b}}).set_page_size(16, 2048));
  CreateKernelFromString(program, R"(
      #include "api/dataflow/dataflow_api.h"
      void kernel_main() { cb_reserve_back(0, 1); cb_push_back(0, 1); })",
                         kCore, DataMovementConfig{});
  CreateKernelFromString(program, R"(
      #include "api/compute/tile_move_copy.h"
      #include "api/compute/eltwise_unary/eltwise_unary.h"
      void kernel_main() {
        init_sfpu(0, 16);
        cb_wait_front(0, 1);
        tile_regs_acquire();
        copy_tile(0, 0, 0);
        tile_regs_commit();
        tile_regs_release();
      })",
                         kCore, ComputeConfig{});
  try {
    detail::LaunchProgram(device, program);
    FAIL() << "a compute kernel unpacked a RawUInt32 CB";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("RawUInt32"), std::string::npos) << what;
    EXPECT_NE(what.find("cannot convert"), std::string::npos) << what;
  }
}

}  // namespace
