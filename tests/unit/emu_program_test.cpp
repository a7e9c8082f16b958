#include <gtest/gtest.h>

#include "device/emu/emu_program.h"

using namespace zyxtt::emu;

TEST(EmuProgram, GuessesBufferCountFromAccessorOffsets) {
  EXPECT_EQ(guess_buffer_count("auto a = TensorAccessorArgs<0>(0);"), 1u);
  EXPECT_EQ(guess_buffer_count("TensorAccessorArgs<0>(0); TensorAccessorArgs< 4 >(2); TensorAccessorArgs<2>(1);"), 3u);
  EXPECT_EQ(guess_buffer_count("constexpr auto a = TensorAccessorArgs<2, 0>();"), 2u);
  EXPECT_EQ(guess_buffer_count("void kernel_main() {}"), 0u);
}

TEST(EmuProgram, KnowsWhetherASourceReadsCompileArgs) {
  EXPECT_TRUE(reads_compile_args("constexpr uint32_t n = get_compile_time_arg_val(0);"));
  EXPECT_TRUE(reads_compile_args("auto a = TensorAccessorArgs<0>();"));
  EXPECT_FALSE(reads_compile_args("void kernel_main() { get_arg_val<uint32_t>(0); }"));
}
