// Building a program needs no device: kernels, CBs, semaphores and runtime
// args are checked as tt-metal checks them.
#include <gtest/gtest.h>

#include "what_of.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_metal/impl/buffers/semaphore.hpp>  // CreateSemaphore with a CoreType, as tt-metal's tests reach it

namespace {

using namespace tt::tt_metal;

const DataMovementConfig kRiscv0{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default};

TEST(ProgramBuilding, SemaphoresTakeTheLowestIdFreeOnAllTheirCores) {
  Program p = CreateProgram();
  EXPECT_EQ(CreateSemaphore(p, CoreRange({0, 0}, {1, 0}), 0), 0u);
  EXPECT_EQ(CreateSemaphore(p, CoreRange({1, 0}, {2, 0}), 5), 1u);  // 0 is taken on (1,0)
  EXPECT_EQ(CreateSemaphore(p, CoreRange({3, 0}, {3, 0}), 0), 0u);  // nothing on (3,0) yet
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(CreateSemaphore(p, CoreRange({5, 5}, {5, 5}), 0), i);  // tt-metal's 16
  EXPECT_NE(what_of([&] { CreateSemaphore(p, CoreRange({5, 5}, {5, 5}), 0); }).find("all 16 IDs are in use"),
            std::string::npos);
}

// The public overload is the worker one; naming another kind of core takes
// tt-metal's implementation header, as there.
TEST(ProgramBuilding, SemaphoresOnlyOnWorkerCores) {
  Program p = CreateProgram();
  EXPECT_EQ(CreateSemaphore(p, CoreRange({0, 0}, {0, 0}), 1), 0u);
  EXPECT_EQ(CreateSemaphore(p, CoreRange({0, 0}, {0, 0}), 3, tt::CoreType::WORKER), 1u);
  EXPECT_NE(what_of([&] { CreateSemaphore(p, CoreRange({1, 0}, {1, 0}), 0, tt::CoreType::ETH); })
                .find("Semaphores are emulated on worker cores only (CoreType::WORKER)"),
            std::string::npos);
}

TEST(ProgramBuilding, RuntimeArgsAreWritableViewsOfTheKernelsCores) {
  Program p = CreateProgram();
  const KernelHandle k = CreateKernelFromString(p, "void kernel_main() {}", CoreRange({0, 0}, {1, 1}), kRiscv0);
  SetRuntimeArgs(p, k, CoreRange({0, 0}, {1, 0}), {7, 8, 9});
  RuntimeArgsData& args = GetRuntimeArgs(p, k, CoreCoord{1, 0});
  ASSERT_EQ(args.size(), 3u);
  args[1] = 42;
  EXPECT_EQ(GetRuntimeArgs(p, k, CoreCoord{1, 0})[1], 42u);
  EXPECT_EQ(GetRuntimeArgs(p, k, CoreCoord{0, 0})[1], 8u);  // each core has its own copy
  auto& grid = GetRuntimeArgs(p, k);
  ASSERT_EQ(grid.size(), 2u);
  EXPECT_EQ(grid[1][0][1], 42u);
  EXPECT_EQ(grid[1][1].size(), 0u);  // no args set on (1,1)
  EXPECT_THROW(args.at(3), std::out_of_range);
  SetCommonRuntimeArgs(p, k, {1, 2});
  GetCommonRuntimeArgs(p, k)[0] = 5;
  EXPECT_EQ(GetCommonRuntimeArgs(p, k)[0], 5u);
}

// The args live once, where views point: a view taken before the args are set
// again (or before another kernel joins the program) shows what is set now.
TEST(ProgramBuilding, RuntimeArgViewsFollowLaterSetsAndLaterKernels) {
  Program p = CreateProgram();
  const KernelHandle k = CreateKernelFromString(p, "void kernel_main() {}", CoreRange({0, 0}, {1, 0}), kRiscv0);
  SetRuntimeArgs(p, k, CoreCoord{1, 0}, {1, 2, 3});
  SetCommonRuntimeArgs(p, k, {10, 20});
  RuntimeArgsData& core = GetRuntimeArgs(p, k, CoreCoord{1, 0});
  RuntimeArgsData& common = GetCommonRuntimeArgs(p, k);
  for (int i = 0; i < 8; ++i) {  // the kernels' storage grows and moves
    CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{uint32_t(i), 1}, kRiscv0);
  }
  SetRuntimeArgs(p, k, CoreCoord{1, 0}, {4, 5, 6});
  EXPECT_EQ(core[0], 4u);
  EXPECT_EQ(core[2], 6u);
  EXPECT_EQ(common[1], 20u);
  SetRuntimeArgs(p, k, CoreCoord{1, 0}, {7, 8, 9, 10, 11, 12, 13, 14});  // more: the view is re-pointed
  EXPECT_EQ(GetRuntimeArgs(p, k, CoreCoord{1, 0}).size(), 8u);
  EXPECT_EQ(core.size(), 8u);
  EXPECT_EQ(core[7], 14u);
}

TEST(ProgramBuilding, RuntimeArgsOnlyOnTheKernelsCoresAndWithinTheLimit) {
  Program p = CreateProgram();
  const KernelHandle k = CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{0, 0}, kRiscv0);
  EXPECT_NE(what_of([&] { SetRuntimeArgs(p, k, CoreCoord{3, 3}, {1}); }).find("is not placed on core (x=3,y=3)"),
            std::string::npos);
  SetCommonRuntimeArgs(p, k, std::vector<uint32_t>(300, 0));
  EXPECT_NE(what_of([&] { SetRuntimeArgs(p, k, CoreCoord{0, 0}, std::vector<uint32_t>(42, 0)); }).find("342 unique+common runtime args"),
            std::string::npos);
  EXPECT_NE(what_of([&] { SetRuntimeArgs(p, 9, CoreCoord{0, 0}, {1}); }).find("Kernel id 9 is not a kernel"),
            std::string::npos);
  // Common args that would take a core's total past the limit are refused
  // too, and leave the common args as they were: args are checked only as
  // they are set, an enqueue does not walk them again.
  Program q = CreateProgram();
  const KernelHandle kq = CreateKernelFromString(q, "void kernel_main() {}", CoreCoord{0, 0}, kRiscv0);
  SetRuntimeArgs(q, kq, CoreCoord{0, 0}, std::vector<uint32_t>(300, 0));
  SetCommonRuntimeArgs(q, kq, {1, 2});
  EXPECT_NE(what_of([&] { SetCommonRuntimeArgs(q, kq, std::vector<uint32_t>(42, 0)); })
                .find("342 unique+common runtime args"),
            std::string::npos);
  EXPECT_EQ(GetCommonRuntimeArgs(q, kq).size(), 2u);
}

TEST(ProgramBuilding, OneKernelPerProcessorOfACore) {
  Program p = CreateProgram();
  CreateKernelFromString(p, "void kernel_main() {}", CoreRange({0, 0}, {2, 0}), kRiscv0);
  CreateKernelFromString(p, "void kernel_main() {}", CoreRange({0, 1}, {2, 1}), kRiscv0);  // other cores
  CreateKernelFromString(p, "void kernel_main() {}", CoreRange({0, 0}, {2, 0}),
                         DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
  EXPECT_NE(what_of([&] { CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{1, 0}, kRiscv0); })
                .find("both run on the same processor of core (x=1,y=0)"),
            std::string::npos);
  EXPECT_NE(what_of([&] {
              CreateKernelFromString(p, "", CoreCoord{4, 0},
                                     DataMovementConfig{.processor = DataMovementProcessor::RISCV_2});
            }).find("RISCV_2 does not exist"),
            std::string::npos);
}

// As tt-metal's CreateKernel: a NUL in a define's value (a string built from
// {0} instead of "0") is an invalid argument, refused before any compile.
TEST(ProgramBuilding, ANulInADefineValueIsAnInvalidArgument) {
  Program p = CreateProgram();
  DataMovementConfig dm = kRiscv0;
  dm.defines = {{"MY_NOC_X", "1"}, {"DOWNSTREAM_NOC_X", std::string(1, '\0')}};
  EXPECT_THROW(CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{0, 0}, dm), std::invalid_argument);
  ComputeConfig compute{.defines = {{"SCALE", std::string("2\0", 2)}}};
  try {
    CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{0, 0}, compute);
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("define 'SCALE'"), std::string::npos) << e.what();
  }
  // Before the kernel's file is looked for (tt-metal's test names a file it does not ship).
  EXPECT_THROW(CreateKernel(p, "no/such/kernel.cpp", CoreCoord{0, 0}, compute), std::invalid_argument);
  dm.defines = {{"MY_NOC_X", "1"}};
  EXPECT_EQ(CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{0, 0}, dm), 0u);
}

TEST(ProgramBuilding, CircularBufferIndicesDoNotCollideOnACore) {
  Program p = CreateProgram();
  auto config = [](uint8_t index) {
    return CircularBufferConfig(4096, {{index, tt::DataFormat::Float32}}).set_page_size(index, 4096);
  };
  const CBHandle first = CreateCircularBuffer(p, CoreRange({0, 0}, {1, 1}), config(0));
  CreateCircularBuffer(p, CoreRange({2, 0}, {2, 0}), config(0));  // other core
  CreateCircularBuffer(p, CoreRange({0, 0}, {1, 1}), config(1));  // other index
  EXPECT_NE(what_of([&] { CreateCircularBuffer(p, CoreCoord{1, 1}, config(0)); })
                .find("cannot add circular buffer at index 0"),
            std::string::npos);
  EXPECT_EQ(GetCircularBufferConfig(p, first).total_size(), 4096u);
  UpdateCircularBufferTotalSize(p, first, 8192);
  EXPECT_EQ(GetCircularBufferConfig(p, first).total_size(), 8192u);
  EXPECT_NE(what_of([&] { CreateCircularBuffer(p, CoreCoord{5, 5}, CircularBufferConfig(4096, {{3, tt::DataFormat::Float32}})); })
                .find("index 3 has no page size"),
            std::string::npos);
}

TEST(ProgramBuilding, KernelFilesResolveInTtMetalsOrder) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("metalium-kernels-" + std::to_string(::getpid()));
  fs::create_directories(root / "k");
  std::ofstream(root / "k" / "a.cpp") << "void kernel_main() {}\n";
  Program p = CreateProgram();
  const std::string missing = what_of([&] { CreateKernel(p, "k/a.cpp", CoreCoord{0, 0}, kRiscv0); });
  EXPECT_NE(missing.find("Kernel file k/a.cpp doesn't exist"), std::string::npos) << missing;
  SetRootDir(root.string());  // relative paths now resolve under it
  EXPECT_EQ(CreateKernel(p, "k/a.cpp", CoreCoord{0, 0}, kRiscv0), 0u);
  SetRootDir("");
  ::setenv("TT_METAL_KERNEL_PATH", root.c_str(), 1);
  EXPECT_EQ(CreateKernel(p, "k/a.cpp", CoreCoord{1, 0}, kRiscv0), 1u);
  ::unsetenv("TT_METAL_KERNEL_PATH");
  EXPECT_EQ(CreateKernel(p, (root / "k" / "a.cpp").string(), CoreCoord{2, 0}, kRiscv0), 2u);  // absolute
  fs::remove_all(root);
}

}  // namespace

// The reader and writer presets put each on its own processor and NOC, with
// the caller's args kept.
TEST(DataMovementPresets, ReaderAndWriterTakeTheirProcessorAndNoc) {
  using namespace tt::tt_metal;
  const ReaderDataMovementConfig reader({7, 8}, {{"A", "1"}});
  EXPECT_EQ(reader.processor, DataMovementProcessor::RISCV_1);
  EXPECT_EQ(reader.noc, NOC::NOC_0);
  EXPECT_EQ(reader.compile_args, (std::vector<uint32_t>{7, 8}));
  EXPECT_EQ(reader.defines.at("A"), "1");
  const WriterDataMovementConfig writer({9});
  EXPECT_EQ(writer.processor, DataMovementProcessor::RISCV_0);
  EXPECT_EQ(writer.noc, NOC::NOC_1);
  EXPECT_EQ(writer.compile_args, (std::vector<uint32_t>{9}));
}

namespace {

using namespace tt::tt_metal;

// Buffer-less interleaved args say DRAM or L1 as a buffer's would, and leave
// the page size (0) to the kernel's TensorAccessor.
TEST(TensorAccessorArgsWithoutBuffer, SayWhereAndLeaveThePageSizeToTheKernel) {
  const auto dram = TensorAccessorArgs::create_dram_interleaved().get_compile_time_args();
  const auto l1 = TensorAccessorArgs::create_l1_interleaved().get_compile_time_args();
  ASSERT_EQ(dram.size(), 2u);
  ASSERT_EQ(l1.size(), 2u);
  EXPECT_EQ(dram[0], static_cast<uint32_t>(tensor_accessor::ArgConfig::IsDram));
  EXPECT_EQ(l1[0], 0u);
  EXPECT_EQ(dram[1], 0u);
  EXPECT_EQ(l1[1], 0u);
}

TEST(Span, MakeConstSpanViewsTheContainersElements) {
  const std::vector<uint32_t> v{1, 2, 3};
  const auto s = ttsl::make_const_span(v);
  static_assert(std::is_same_v<decltype(s), const ttsl::Span<const uint32_t>>);
  EXPECT_EQ(s.data(), v.data());
  EXPECT_EQ(s.size(), 3u);
  std::array<int, 2> a{4, 5};
  tt::stl::make_span(a)[1] = 6;
  EXPECT_EQ(a[1], 6);
}

}  // namespace
