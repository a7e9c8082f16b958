// zyx's programs onto the program model: what each protocol version's
// program and run become.
#include "server/zyx_program.h"

#include <gtest/gtest.h>

#include "common/error.h"

namespace zyxtt::server {
namespace {

DeviceCapabilities caps() {
  DeviceCapabilities c;
  c.kind = "test";
  c.arch = &default_arch();
  c.max_runtime_args = 341;
  return c;
}

ZyxProgram copy_program() {
  ZyxProgram p;
  p.sources = {"auto a = TensorAccessorArgs<0>(); void kernel_main() {}", "void kernel_main() {}",
               "void kernel_main() { get_compile_time_arg_val(0); }"};
  p.cbs = {{0, CbFormat::kFloat32, 4096, 2}, {16, CbFormat::kFloat16_b, 2048, 3}};
  return p;
}

TEST(ZyxProgram, GuessesBufferCountFromAccessorOffsets) {
  EXPECT_EQ(guess_buffer_count("auto a = TensorAccessorArgs<0>(0);"), 1u);
  EXPECT_EQ(guess_buffer_count("TensorAccessorArgs<0>(0); TensorAccessorArgs< 4 >(2); TensorAccessorArgs<2>(1);"), 3u);
  EXPECT_EQ(guess_buffer_count("constexpr auto a = TensorAccessorArgs<2, 0>();"), 2u);
  EXPECT_EQ(guess_buffer_count("void kernel_main() {}"), 0u);
}

TEST(ZyxProgram, V1BecomesReaderComputeWriterOnTheGridWithAccessorArgs) {
  ZyxShape shape{2, 3, {2, 0, 1}};
  const program::Program p = to_model(copy_program(), shape, caps());
  ASSERT_EQ(p.kernels.size(), 3u);
  const program::CoreRangeSet grid{{{{0, 0}, {2, 1}}}};
  EXPECT_EQ(p.kernels[0].name, "reader");
  EXPECT_EQ(p.kernels[0].processor, program::Processor::kRiscv0);
  EXPECT_EQ(p.kernels[0].noc, 0);
  EXPECT_EQ(p.kernels[0].cores, grid);
  EXPECT_EQ(p.kernels[0].compile_args, (std::vector<uint32_t>{2, 4096, 2, 4096}));
  EXPECT_EQ(p.kernels[1].processor, program::Processor::kCompute);
  EXPECT_TRUE(p.kernels[1].compile_args.empty());
  // V1 ran with fp32 DST, Float32 CBs unpacking straight to it.
  EXPECT_TRUE(p.kernels[1].compute.fp32_dest_acc);
  EXPECT_EQ(p.kernels[1].compute.unpack_to_dest, (std::vector<uint32_t>{0}));
  EXPECT_EQ(p.kernels[2].processor, program::Processor::kRiscv1);
  EXPECT_EQ(p.kernels[2].noc, 1);
  EXPECT_EQ(p.kernels[2].compile_args, (std::vector<uint32_t>{2, 4096}));
  ASSERT_EQ(p.circular_buffers.size(), 2u);
  EXPECT_EQ(p.circular_buffers[1].total_size, 3u * 2048);
  EXPECT_EQ(p.circular_buffers[1].indices,
            (std::vector<program::CbIndexSpec>{{16, tt::DataFormat::Float16_b, 2048}}));
  EXPECT_EQ(p.circular_buffers[1].cores, grid);
}

TEST(ZyxProgram, Fp32DestAccOffMeans16BitDstAndNoUnpackToDst) {
  ZyxProgram zyx = copy_program();
  zyx.fp32_dest_acc = false;
  const program::Program p = to_model(zyx, ZyxShape{}, caps());
  EXPECT_FALSE(p.kernels[1].compute.fp32_dest_acc);
  EXPECT_TRUE(p.kernels[1].compute.unpack_to_dest.empty());
}

TEST(ZyxProgram, AnEmptyComputeSourceIsNoKernel) {
  ZyxProgram zyx = copy_program();
  zyx.sources[1] = " \n";
  const program::Program p = to_model(zyx, ZyxShape{}, caps());
  ASSERT_EQ(p.kernels.size(), 2u);
  EXPECT_EQ(p.kernels[1].name, "writer");
  std::array<ZyxSectionArgs, 3> args{ZyxSectionArgs{{7}, true, 1}, ZyxSectionArgs{{9}, true, 0},
                                     ZyxSectionArgs{{8}, false, 1}};
  program::Run run;
  fill_model_run(zyx, ZyxShape{}, args, caps(), run);
  ASSERT_EQ(run.kernels.size(), 2u);
  EXPECT_EQ(run.kernels[1].per_core.at({0, 0}), (std::vector<uint32_t>{8}));
}

TEST(ZyxProgram, RunArgsEndInEachCoresRowAndColumn) {
  const ZyxShape shape{2, 3, {1, 0, 1}};
  std::array<ZyxSectionArgs, 3> args{ZyxSectionArgs{{100, 200}, true, 2}, ZyxSectionArgs{{}, false, 0},
                                     ZyxSectionArgs{{300}, true, 1}};
  program::Run run;
  fill_model_run(copy_program(), shape, args, caps(), run);
  ASSERT_EQ(run.kernels.size(), 3u);
  EXPECT_EQ(run.kernels[0].per_core.size(), 6u);
  // Core x = column 2, y = row 1.
  EXPECT_EQ(run.kernels[0].per_core.at({2, 1}), (std::vector<uint32_t>{100, 200, 1, 2}));
  EXPECT_EQ(run.kernels[1].per_core.at({1, 0}), (std::vector<uint32_t>{}));
  EXPECT_EQ(run.kernels[2].per_core.at({0, 1}), (std::vector<uint32_t>{300, 1, 0}));
  EXPECT_TRUE(run.kernels[0].common.empty());
}

TEST(ZyxProgram, ARunOfTheSameShapeRewritesTheArgsInPlace) {
  const ZyxShape shape{2, 2, {1, 0, 1}};
  program::Run run;
  fill_model_run(copy_program(), shape,
                 {ZyxSectionArgs{{1}, true, 1}, ZyxSectionArgs{{}, false, 0}, ZyxSectionArgs{{2}, true, 1}}, caps(),
                 run);
  const uint32_t* storage = run.kernels[0].per_core.at({1, 1}).data();
  fill_model_run(copy_program(), shape,
                 {ZyxSectionArgs{{5}, true, 1}, ZyxSectionArgs{{}, false, 0}, ZyxSectionArgs{{6}, true, 1}}, caps(),
                 run);
  EXPECT_EQ(run.kernels[0].per_core.at({1, 1}), (std::vector<uint32_t>{5, 1, 1}));
  EXPECT_EQ(run.kernels[2].per_core.at({0, 1}), (std::vector<uint32_t>{6, 1, 0}));
  EXPECT_EQ(run.kernels[0].per_core.at({1, 1}).data(), storage);
  // Another shape starts over.
  fill_model_run(copy_program(), ZyxShape{1, 1, {1, 0, 1}},
                 {ZyxSectionArgs{{7}, true, 1}, ZyxSectionArgs{{}, false, 0}, ZyxSectionArgs{{8}, true, 1}}, caps(),
                 run);
  EXPECT_EQ(run.kernels[0].per_core.size(), 1u);
  EXPECT_EQ(run.kernels[0].per_core.at({0, 0}), (std::vector<uint32_t>{7, 0, 0}));
}

TEST(ZyxProgram, SourcesThatNeverReadCompileArgsBuildOneObjectForAnyCount) {
  protocol::Run r;
  r.gd0 = 4;
  r.gd1 = 5;
  ZyxProgram zyx = copy_program();
  zyx.sources[2] = "void kernel_main() {}";
  std::array<ZyxSectionArgs, 3> args{ZyxSectionArgs{{}, true, 3}, ZyxSectionArgs{{}, true, 2},
                                     ZyxSectionArgs{{}, true, 2}};
  const ZyxShape shape = run_shape(zyx, r, args);
  EXPECT_EQ(shape.rows, 4u);
  EXPECT_EQ(shape.cols, 5u);
  EXPECT_EQ(shape.accessor_buffers, (std::array<uint32_t, 3>{3, 0, 0}));
}

TEST(ZyxProgram, TooManyArgsForAKernelAreOutOfRange) {
  std::array<ZyxSectionArgs, 3> args{ZyxSectionArgs{std::vector<uint32_t>(340, 1), true, 0}, ZyxSectionArgs{},
                                     ZyxSectionArgs{}};
  try {
    check_run_args(copy_program(), args, caps());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kOutOfRange);
    EXPECT_STREQ(e.what(), "run: the reader kernel would get 340 runtime args before its row and column; a kernel "
                           "takes at most 341 in all, so at most 339 buffers and variables");
  }
}

TEST(ZyxProgram, AV1RunWithMoreBuffersThanAKernelsArgsIsOutOfRange) {
  protocol::Run run;
  run.srcs.assign(339, 1);
  run.dsts.assign(339, 2);
  check_v1_buffer_counts(run, caps());
  run.srcs.assign(500, 1);
  try {
    check_v1_buffer_counts(run, caps());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kOutOfRange);
    EXPECT_STREQ(e.what(), "run: 500 src buffers give the reader 502 runtime args (one address each, then row and "
                           "column); a kernel takes at most 341, so at most 339 src buffers");
  }
  run.srcs.assign(1, 1);
  run.dsts.assign(340, 2);
  EXPECT_THROW(check_v1_buffer_counts(run, caps()), Error);
  // A V2 run gives each kernel its own parameters; check_run_args bounds those.
  run.vars.emplace();
  check_v1_buffer_counts(run, caps());
}

TEST(ZyxProgram, BuffersAreInterleavedInZyxsPagesWhateverTheArch) {
  EXPECT_EQ(dram_buffer(10000, caps()).page_size, 4096u);
  EXPECT_EQ(dram_buffer(10000, caps()).memory, program::MemoryKind::kDram);
}

}  // namespace
}  // namespace zyxtt::server
