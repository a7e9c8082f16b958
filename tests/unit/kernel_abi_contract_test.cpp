// The kernel ABI as a versioned contract: the op numbering is pinned by a
// golden list, the version is a hash of the contract's headers, and an
// object's record is read from its file before any of its code runs.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/jit/kernel_record.h"
#include "device/emu/jit/krt_contract.h"
#include "device/emu/jit/object_store.h"
#include "device/emu/worker/kernel_library.h"
#include "zyxtt/compute_ops.h"

using namespace zyxtt;
using namespace zyxtt::emu;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

// ---- The op numbering -------------------------------------------------------

using Numbering = std::map<std::pair<std::string, std::string>, uint32_t>;  // (enum, name) -> value

Numbering header_numbering() {
  Numbering n;
#define ZYXTT_OP(list) [&](const char* name, uint32_t value) { n[{list, name}] = value; }
#define ZYXTT_ENTRY3(name, api, value) add(#name, value);
#define ZYXTT_ENTRY2(name, value) add(#name, value);
  {
    auto add = ZYXTT_OP("SfpuUnaryOp");
    ZYXTT_SFPU_UNARY_OPS(ZYXTT_ENTRY3)
  }
  {
    auto add = ZYXTT_OP("SfpuBinaryOp");
    ZYXTT_SFPU_BINARY_OPS(ZYXTT_ENTRY3)
  }
  {
    auto add = ZYXTT_OP("SfpuTernaryOp");
    ZYXTT_SFPU_TERNARY_OPS(ZYXTT_ENTRY3)
  }
  {
    auto add = ZYXTT_OP("FpuBinaryOp");
    ZYXTT_FPU_BINARY_OPS(ZYXTT_ENTRY3)
  }
  {
    auto add = ZYXTT_OP("Bcast");
    ZYXTT_FPU_BCAST(ZYXTT_ENTRY2)
  }
  {
    auto add = ZYXTT_OP("ReducePool");
    ZYXTT_REDUCE_POOLS(ZYXTT_ENTRY2)
  }
  {
    auto add = ZYXTT_OP("ReduceDim");
    ZYXTT_REDUCE_DIMS(ZYXTT_ENTRY2)
  }
#undef ZYXTT_ENTRY2
#undef ZYXTT_ENTRY3
#undef ZYXTT_OP
  return n;
}

Numbering golden_numbering() {
  std::ifstream in(ZYXTT_ABI_NUMBERING_GOLDEN);
  EXPECT_TRUE(in.is_open()) << ZYXTT_ABI_NUMBERING_GOLDEN;
  Numbering n;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string type, name;
    uint32_t value = 0;
    EXPECT_TRUE(fields >> type >> name >> value) << line;
    EXPECT_TRUE(n.emplace(std::pair{type, name}, value).second) << "twice in the golden list: " << line;
  }
  return n;
}

TEST(KernelAbiNumbering, EveryOpKeepsItsNumber) {
  const Numbering header = header_numbering(), golden = golden_numbering();
  ASSERT_GT(golden.size(), 150u);
  for (const auto& [op, value] : golden) {
    auto it = header.find(op);
    if (it == header.end()) {
      ADD_FAILURE() << op.first << "::k" << op.second << " (" << value
                    << ") is gone from compute_ops.h: a number of the kernel ABI may never be taken back";
    } else {
      EXPECT_EQ(it->second, value) << op.first << "::k" << op.second
                                   << " was renumbered: kernel objects pass these numbers, they never change";
    }
  }
  for (const auto& [op, value] : header) {
    EXPECT_TRUE(golden.contains(op)) << op.first << "::k" << op.second << " = " << value
                                     << " is new: add \"" << op.first << " " << op.second << " " << value
                                     << "\" to kernel_abi_numbering.golden";
  }
}

// ---- The version: a hash of the contract ------------------------------------

class KernelAbiContract : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("zyxtt-contract-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::permissions(dir_, fs::perms::owner_all);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A copy of the kernel API headers to change.
  fs::path copy_of_kernel_api() {
    const fs::path api = dir_ / "kernel-api";
    fs::copy(ZYXTT_SOURCE_KERNEL_API, api, fs::copy_options::recursive);
    return api;
  }

  static void edit(const fs::path& file, const std::string& from, const std::string& to) {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " in " << file;
    text.replace(at, from.size(), to);
    std::ofstream(file, std::ios::trunc) << text;
  }

  fs::path dir_;
};

TEST_F(KernelAbiContract, TheEmulatorsVersionIsItsHeadersHash) {
  EXPECT_EQ(krt_contract_version(ZYXTT_SOURCE_KERNEL_API), krt::kKrtAbiVersion);
}

TEST_F(KernelAbiContract, AnyChangeToTheContractIsANewVersion) {
  const fs::path api = copy_of_kernel_api();
  ASSERT_EQ(krt_contract_version(api.string()), krt::kKrtAbiVersion);
  // Outside the contract: the same version.
  edit(api / "zyxtt/print_line.h", "#pragma once", "#pragma once\n// a comment");
  EXPECT_EQ(krt_contract_version(api.string()), krt::kKrtAbiVersion);
  // Two ops swapped, a layout constant, a call appended: each a new version.
  const std::tuple<const char*, const char*, const char*> changes[] = {
      {"zyxtt/compute_ops.h", "X(Sin, sin_tile, 0) X(Cos, cos_tile, 1)", "X(Sin, sin_tile, 1) X(Cos, cos_tile, 0)"},
      {"zyxtt/krt_types.h", "kSfpuLregWords = 16 * kSfpuLanes", "kSfpuLregWords = 17 * kSfpuLanes"},
      {"zyxtt/krt_abi.h", "X(void, pack_relu, (uint32_t mode, uint32_t threshold), (mode, threshold))",
       "X(void, pack_relu, (uint32_t mode, uint32_t threshold), (mode, threshold)) X(void, more, (), ())"},
      {"zyxtt/data_format.h", "Int8 = 14,", "Int8 = 16,"}};
  std::set<uint32_t> seen = {krt::kKrtAbiVersion};
  for (const auto& [file, from, to] : changes) {
    const fs::path api_n = dir_ / fmt::format("kernel-api-{}", seen.size());
    fs::copy(api, api_n, fs::copy_options::recursive);
    edit(api_n / file, from, to);
    const auto version = krt_contract_version(api_n.string());
    ASSERT_TRUE(version) << file;
    EXPECT_TRUE(seen.insert(*version).second) << file << ": " << from << " -> " << to << " kept the version";
  }
}

TEST_F(KernelAbiContract, TheCompilerRefusesHeadersOfAnotherContract) {
  const fs::path api = copy_of_kernel_api();
  edit(api / "zyxtt/compute_ops.h", "X(Sin, sin_tile, 0) X(Cos, cos_tile, 1)", "X(Sin, sin_tile, 1) X(Cos, cos_tile, 0)");
  CompileRequest spec;
  spec.source = "void kernel_main() {}\n";
  try {
    KernelCompiler((dir_ / "cache").string(), api.string()).build(spec);
    FAIL() << "built";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    EXPECT_THAT(e.what(), HasSubstr(fmt::format("the kernel API headers in {} are kernel ABI {:#010x}, the emulator "
                                                "speaks ABI {:#010x}",
                                                api.string(), *krt_contract_version(api.string()),
                                                krt::kKrtAbiVersion)));
  }
}

// ---- The record, read from the file before anything runs --------------------

class KernelRecordFromFile : public KernelAbiContract {
 protected:
  // A shared object imitating a kernel built for ABI `version`, whose static
  // initialiser leaves marker() behind when it runs.
  std::string object_with_initialiser(uint32_t version) {
    const fs::path src = dir_ / "foreign.cpp", so = dir_ / fmt::format("foreign-{:x}.so", version);
    std::ofstream(src) << "#include <cstdio>\n#include \"zyxtt/krt_abi.h\"\n"
                       << "__attribute__((constructor)) static void ran() { std::fclose(std::fopen(\""
                       << marker().string() << "\", \"w\")); }\n"
                       << "extern \"C\" __attribute__((visibility(\"default\"), section(ZYXTT_KERNEL_RECORD_SECTION), "
                          "used)) const zyxtt_kernel_info zyxtt_kernel_record = {sizeof(zyxtt_kernel_info), "
                       << version << "u, 0, 1, 0, 4, 0};\n"
                       << "extern \"C\" int zyxtt_kernel_bind(const zyxtt_krt_table*) { return 0; }\n"
                       << "extern \"C\" int zyxtt_kernel_entry() { return 0; }\n";
    const std::string cmd = fmt::format("g++ -std=c++20 -shared -fPIC -DZYXTT_KRT_ABI_VERSION={}u -I{} -o {} {}",
                                        krt::kKrtAbiVersion, ZYXTT_SOURCE_KERNEL_API, so.string(), src.string());
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return so.string();
  }

  // Puts `object` in the cache where `compiler` looks for `spec`'s object.
  void plant(KernelCompiler& compiler, const CompileRequest& spec, const std::string& object) {
    ObjectStore store((dir_ / "cache").string());
    const std::string key = compiler.cache_key(spec);
    const std::string tmp = store.temp_path(key);
    fs::copy_file(object, tmp);
    store.publish(tmp, store.object_path(key));
  }

  fs::path marker() const { return dir_ / "initialiser-ran"; }
};

TEST_F(KernelRecordFromFile, TheRecordIsReadFromTheObjectsBytes) {
  CompileRequest spec;
  spec.role = krt::Role::kWriter;
  spec.source = "void kernel_main() {}\n";
  const std::string path = KernelCompiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API).build(spec);
  const auto elf = ObjectStore::read_intact(path);
  ASSERT_TRUE(elf);
  const auto record = find_kernel_record(*elf);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->size, sizeof(zyxtt_kernel_info));
  EXPECT_EQ(record->abi_version, krt::kKrtAbiVersion);
  EXPECT_EQ(record->role, uint32_t(krt::Role::kWriter));
  EXPECT_FALSE(find_kernel_record(elf->substr(0, 64)));  // the section table cut off
  EXPECT_FALSE(find_kernel_record("not an object"));
}

TEST_F(KernelRecordFromFile, ACachedObjectOfAnotherAbiIsRebuiltAndNeverRuns) {
  KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
  CompileRequest spec;
  spec.source = "void kernel_main() {}\n";
  plant(compiler, spec, object_with_initialiser(krt::kKrtAbiVersion ^ 0x5a5a5a5au));
  const std::string path = compiler.build(spec);
  EXPECT_EQ(compiler.stats().compiled.load(), 1u);  // rebuilt, not taken from the cache
  EXPECT_EQ(compiler.stats().disk_hits.load(), 0u);
  KernelLibrary library;
  EXPECT_EQ(library.load(path).info.abi_version, krt::kKrtAbiVersion);
  EXPECT_FALSE(fs::exists(marker())) << "the foreign object's static initialiser ran";
}

// The same plant with this ABI's record is taken from the cache, and loading
// it runs its initialiser: the test above would see a foreign one run.
TEST_F(KernelRecordFromFile, ACachedObjectOfThisAbiIsUsedAndItsInitialiserRunsAtLoad) {
  KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
  CompileRequest spec;
  spec.source = "void kernel_main() {}\n";
  plant(compiler, spec, object_with_initialiser(krt::kKrtAbiVersion));
  const std::string path = compiler.build(spec);
  EXPECT_EQ(compiler.stats().compiled.load(), 0u);
  EXPECT_EQ(compiler.stats().disk_hits.load(), 1u);
  EXPECT_FALSE(fs::exists(marker()));
  KernelLibrary library;
  library.load(path);
  EXPECT_TRUE(fs::exists(marker()));
}

}  // namespace
