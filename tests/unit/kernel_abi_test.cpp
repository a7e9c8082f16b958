// The kernel ABI: objects are bound to the emulator through its table, tell
// what they were built for, and objects of another ABI are refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <sys/mman.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "device/arch.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/worker/kernel_library.h"
#include "device/emu/l1_memory.h"
#include "device/emu/worker/run_executor.h"

using namespace zyxtt;
using namespace zyxtt::emu;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

class KernelAbiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("zyxtt-abi-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::permissions(dir_, fs::perms::owner_all);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string build(krt::Role role, const std::string& source, std::vector<std::string> defines = {}) {
    CompileRequest spec;
    spec.role = role;
    spec.source = source;
    spec.defines = std::move(defines);
    return KernelCompiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API).build(spec);
  }

  // A shared object that imitates a kernel built for another ABI.
  std::string foreign_object(const std::string& body) {
    const fs::path src = dir_ / "foreign.cpp", so = dir_ / "foreign.so";
    std::ofstream(src) << "#include \"zyxtt/krt_abi.h\"\n" << body;
    const std::string cmd = "g++ -std=c++20 -shared -fPIC -DZYXTT_KRT_ABI_VERSION=" +
                            std::to_string(krt::kKrtAbiVersion) + "u -I" ZYXTT_SOURCE_KERNEL_API " -o " + so.string() +
                            " " + src.string();
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    fs::permissions(so, fs::perms::owner_all);
    return so.string();
  }

  fs::path dir_;
};

constexpr const char* kEntryPoints =
    "extern \"C\" int zyxtt_kernel_bind(const zyxtt_krt_table*) { return 0; }\n"
    "extern \"C\" int zyxtt_kernel_entry() { return 0; }\n";

TEST_F(KernelAbiTest, ObjectsRecordTheirRoleAndComputeConfiguration) {
  KernelLibrary library;
  const LoadedKernel& reader = library.load(build(krt::Role::kReader, "void kernel_main() {}\n"));
  EXPECT_EQ(reader.info.abi_version, krt::kKrtAbiVersion);
  EXPECT_EQ(reader.info.role, uint32_t(krt::Role::kReader));

  const std::string compute = "#include \"api/compute/common.h\"\nvoid kernel_main() {}\n";
  const LoadedKernel& fp32 = library.load(build(krt::Role::kCompute, compute));
  EXPECT_EQ(fp32.info.role, uint32_t(krt::Role::kCompute));
  EXPECT_EQ(fp32.info.fp32_dest_acc, 1u);  // zyx's ComputeConfig is the default
  EXPECT_EQ(fp32.info.dst_full_sync, 0u);
  EXPECT_EQ(fp32.info.math_fidelity, 4u);  // HiFi4
  const LoadedKernel& bf16 = library.load(build(
      krt::Role::kCompute, compute, {"ZYXTT_DST_ACCUM_MODE=0", "ZYXTT_DST_FULL_SYNC=1", "ZYXTT_MATH_FIDELITY=0"}));
  EXPECT_EQ(bf16.info.fp32_dest_acc, 0u);
  EXPECT_EQ(bf16.info.dst_full_sync, 1u);
  EXPECT_EQ(bf16.info.math_fidelity, 0u);  // LoFi
}

// The worker checks the loaded record again (the compiler has read it from
// the file before: kernel_abi_contract_test.cpp).
TEST_F(KernelAbiTest, AnObjectBuiltForAnotherAbiIsRefusedBeforeItIsCalled) {
  // Its bind would succeed: the record alone must stop it.
  const std::string so = foreign_object(
      "extern \"C\" __attribute__((visibility(\"default\"))) const zyxtt_kernel_info zyxtt_kernel_record = "
      "{sizeof(zyxtt_kernel_info), 999, 0, 1, 0, 4, 0};\n" +
      std::string(kEntryPoints));
  KernelLibrary library;
  try {
    library.load(so);
    FAIL() << "loaded";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    EXPECT_THAT(e.what(), HasSubstr(fmt::format("was built for kernel ABI 0x000003e7, this runtime speaks ABI {:#010x}",
                                                krt::kKrtAbiVersion)));
    EXPECT_THAT(e.what(), HasSubstr("remove it from the cache to rebuild"));
  }
}

TEST_F(KernelAbiTest, AnObjectWithoutARecordIsRefused) {
  KernelLibrary library;
  try {
    library.load(foreign_object(kEntryPoints));
    FAIL() << "loaded";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    EXPECT_THAT(e.what(), HasSubstr("carries no kernel ABI record"));
  }
}

// The compute kernel's DST mode reaches the core: with 16-bit DST (fp32
// accumulation off) half sync has 8 tiles, with 32-bit only 4, so touching
// DST tile 7 passes in one build of the same source and fails in the other.
TEST_F(KernelAbiTest, TheComputeConfigurationReachesTheEmulatorAtEntry) {
  const std::string source =
      "#include \"api/compute/common.h\"\n#include \"api/compute/eltwise_unary/fill.h\"\n"
      "void kernel_main() { tile_regs_acquire(); fill_tile(7, 1.0f); tile_regs_commit(); tile_regs_wait();"
      " tile_regs_release(); }\n";
  const Arch& arch = default_arch();
  std::vector<uint8_t> dram(64);
  // The cores' L1 below 4 GiB, as the worker maps it.
  void* l1 = mmap(nullptr, l1_arena_bytes(arch), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT | MAP_NORESERVE, -1, 0);
  ASSERT_NE(l1, MAP_FAILED);
  RunExecutor executor(arch, dram.data(), static_cast<uint8_t*>(l1), nullptr, WorkerOptions{}, SharedRegions(1));
  auto compute_only = [](std::string object) {
    ProgramSpec p;
    p.kernels = {KernelSlot{std::move(object), krt::Role::kCompute, 0, 0, {{0, 0, 0, 0}}}};
    return p;
  };
  RunJob job;
  job.program_id = 1;
  job.program = compute_only(build(krt::Role::kCompute, source, {"ZYXTT_DST_ACCUM_MODE=0"}));
  job.args.resize(1);
  const RunOutcome sixteen_bit = executor.execute(job);
  EXPECT_TRUE(sixteen_bit.ok) << sixteen_bit.message;

  job.program_id = 2;
  job.program = compute_only(build(krt::Role::kCompute, source));
  const RunOutcome thirty_two_bit = executor.execute(job);
  EXPECT_FALSE(thirty_two_bit.ok);
  EXPECT_THAT(thirty_two_bit.message, HasSubstr("4 tiles"));
  munmap(l1, l1_arena_bytes(arch));
}

// The kernel's math fidelity reaches the FPU: it squares x = 1 + 2^-5 with
// mul_tiles and checks the packed result. SrcA keeps 5 significant bits per
// phase, so LoFi gives 1 + 2^-5 and HiFi4 the full square.
TEST_F(KernelAbiTest, TheComputeKernelsMathFidelityReachesTheFpu) {
  const std::string source =
      "#include \"api/compute/common.h\"\n#include \"api/compute/eltwise_binary.h\"\n"
      "#include \"api/compute/eltwise_unary/fill.h\"\n#include \"api/compute/pack.h\"\n"
      "void kernel_main() {\n"
      "  tile_regs_acquire(); fill_tile_init(); fill_tile(0, 1.03125f); tile_regs_commit(); tile_regs_wait();\n"
      "  cb_reserve_back(0, 1); pack_tile(0, 0); cb_push_back(0, 1); tile_regs_release();\n"
      "  cb_wait_front(0, 1); mul_tiles_init(0, 0);\n"
      "  tile_regs_acquire(); mul_tiles(0, 0, 0, 0, 0); tile_regs_commit(); tile_regs_wait();\n"
      "  cb_reserve_back(16, 1); pack_tile(0, 16);\n"
      "  if (*reinterpret_cast<volatile float*>(uintptr_t(zyxtt::krt::cb_write_ptr(16))) != EXPECTED)\n"
      "    zyxtt::krt::fail(\"x * x is not EXPECTED\");\n"
      "  cb_push_back(16, 1); tile_regs_release(); cb_pop_front(0, 1);\n"
      "}\n";
  const Arch& arch = default_arch();
  std::vector<uint8_t> dram(64);
  void* l1 = mmap(nullptr, l1_arena_bytes(arch), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT | MAP_NORESERVE, -1, 0);
  ASSERT_NE(l1, MAP_FAILED);
  RunExecutor executor(arch, dram.data(), static_cast<uint8_t*>(l1), nullptr, WorkerOptions{}, SharedRegions(1));
  auto run = [&](uint64_t id, std::vector<std::string> defines) {
    RunJob job;
    job.program_id = id;
    ProgramSpec& program = job.program.emplace();
    program.kernels = {KernelSlot{build(krt::Role::kCompute, source, std::move(defines)), krt::Role::kCompute, 0, 0,
                                  {{0, 0, 0, 0}}}};
    program.cbs = {CbSpec{0, /*Float32*/ 0, 4096, 2, 0x10000, {{0, 0, 0, 0}}},
                   CbSpec{16, 0, 4096, 2, 0x12000, {{0, 0, 0, 0}}}};
    job.args.resize(1);
    return executor.execute(job);
  };
  const RunOutcome lofi = run(1, {"ZYXTT_MATH_FIDELITY=0", "EXPECTED=1.03125f"});
  EXPECT_TRUE(lofi.ok) << lofi.message;
  const RunOutcome hifi4 = run(2, {"EXPECTED=1.0634765625f"});
  EXPECT_TRUE(hifi4.ok) << hifi4.message;
  const RunOutcome lofi_wrong = run(3, {"ZYXTT_MATH_FIDELITY=0", "EXPECTED=1.0634765625f"});
  EXPECT_FALSE(lofi_wrong.ok);
  EXPECT_THAT(lofi_wrong.message, HasSubstr("x * x is not EXPECTED"));
  munmap(l1, l1_arena_bytes(arch));
}

bool mapped(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);)
    if (line.ends_with(path)) return true;
  return false;
}

// A kernel with a visible inline static: without -fno-gnu-unique its symbol
// would be unique and dlclose would leave the object mapped for good.
std::string numbered_kernel(int i) {
  return "__attribute__((visibility(\"default\"))) inline int& calls() { static int n = " + std::to_string(i) +
         "; return n; }\nvoid kernel_main() { ++calls(); }\n";
}

TEST_F(KernelAbiTest, ObjectsUnusedForLongestAreUnloadedBeyondTheCapacity) {
  KernelLibrary library(/*capacity=*/3);
  std::vector<std::string> objects;
  for (int i = 0; i < 6; ++i) objects.push_back(build(krt::Role::kReader, numbered_kernel(i)));
  for (int i = 0; i < 6; ++i) {
    library.begin_run();
    library.load(objects[i]);
    EXPECT_LE(library.loaded(), 3u);
  }
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(mapped(objects[i])) << i;
  for (int i = 3; i < 6; ++i) EXPECT_TRUE(mapped(objects[i])) << i;
  // An unloaded object loads again, and still runs.
  library.begin_run();
  EXPECT_NE(library.load(objects[0]).entry, nullptr);
  EXPECT_TRUE(mapped(objects[0]));
}

TEST_F(KernelAbiTest, TheCurrentRunsObjectsStayLoadedPastTheCapacity) {
  KernelLibrary library(/*capacity=*/2);
  std::vector<const LoadedKernel*> in_run;
  library.begin_run();
  for (int i = 0; i < 4; ++i) in_run.push_back(&library.load(build(krt::Role::kReader, numbered_kernel(i))));
  EXPECT_EQ(library.loaded(), 4u);
  for (const LoadedKernel* k : in_run) EXPECT_EQ(k->info.abi_version, krt::kKrtAbiVersion);
  library.begin_run();
  library.load(build(krt::Role::kReader, numbered_kernel(9)));
  EXPECT_EQ(library.loaded(), 2u);
}

}  // namespace
