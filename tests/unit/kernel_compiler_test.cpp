// The kernel compiler and its on-disk cache, with the real host compiler.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"

using namespace zyxtt;
using namespace zyxtt::emu;
namespace fs = std::filesystem;

namespace {

class KernelCompilerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("zyxtt-jit-" + std::to_string(getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  KernelSpec reader(const std::string& body = "") const {
    KernelSpec spec;
    spec.role = krt::Role::kReader;
    spec.source = "void kernel_main() { uint32_t a = get_arg_val<uint32_t>(0); (void)a; " + body + " }\n";
    spec.compile_args = {2, 4096};
    return spec;
  }
  fs::path dir_;
};

size_t objects_in(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".so") ++n;
  return n;
}

}  // namespace

TEST_F(KernelCompilerTest, CompilesOnceThenHitsTheDiskCache) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  std::string first = compiler.build(reader());
  EXPECT_TRUE(is_trusted_file(first));
  EXPECT_EQ(compiler.stats().compiled.load(), 1u);

  KernelCompiler again(dir_.string(), ZYXTT_SOURCE_KERNEL_API);  // a new process, same folder
  EXPECT_EQ(again.build(reader()), first);
  EXPECT_EQ(again.stats().compiled.load(), 0u);
  EXPECT_EQ(again.stats().disk_hits.load(), 1u);
}

TEST_F(KernelCompilerTest, KeyCoversSourceRoleArgsAndDefines) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  KernelSpec base = reader();
  std::string key = compiler.cache_key(base);
  KernelSpec other_source = reader("a += 1;");
  KernelSpec other_role = base;
  other_role.role = krt::Role::kWriter;
  KernelSpec other_args = base;
  other_args.compile_args = {2, 4096, 2, 4096};
  KernelSpec other_defines = base;
  other_defines.defines = {"BLOCK=4"};
  for (const KernelSpec* s : {&other_source, &other_role, &other_args, &other_defines})
    EXPECT_NE(compiler.cache_key(*s), key);
  EXPECT_EQ(compiler.cache_key(reader()), key);
}

TEST_F(KernelCompilerTest, ObjectsAndFoldersArePrivate) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  std::string path = compiler.build(reader());
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ASSERT_EQ(stat(compiler.directory().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

TEST_F(KernelCompilerTest, AnObjectOthersCouldWriteIsNeverTrustedAndIsRebuilt) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  std::string path = compiler.build(reader());
  chmod(path.c_str(), 0666);
  EXPECT_FALSE(is_trusted_file(path));
  EXPECT_EQ(compiler.build(reader()), path);
  EXPECT_EQ(compiler.stats().compiled.load(), 2u);
  EXPECT_TRUE(is_trusted_file(path));
}

TEST_F(KernelCompilerTest, ASharedCacheFolderIsReplacedByAPrivateOne) {
  fs::create_directories(dir_ / "kernels");
  chmod((dir_ / "kernels").c_str(), 0777);
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  EXPECT_NE(compiler.directory(), (dir_ / "kernels").string());
  std::string path = compiler.build(reader());
  EXPECT_TRUE(is_trusted_file(path));
  fs::remove_all(compiler.directory());
}

TEST_F(KernelCompilerTest, LeftoverTempFilesFromAKilledCompileAreHarmless) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  std::string key = compiler.cache_key(reader());
  std::ofstream(fs::path(compiler.directory()) / ("." + key + ".1.0.tmp")) << "half an object";
  std::string path = compiler.build(reader());
  EXPECT_TRUE(is_trusted_file(path));
  EXPECT_EQ(objects_in(compiler.directory()), 1u);
}

TEST_F(KernelCompilerTest, CompileErrorsBecomeOneLineNamingFileAndLine) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  KernelSpec bad = reader();
  bad.source = "void kernel_main() {\n  int x = \"text\";\n  undefined_call();\n}\n";
  try {
    compiler.build(bad);
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_EQ(e.code(), Code::kInvalidArgument);
    EXPECT_NE(msg.find("reader.cpp does not compile"), std::string::npos) << msg;
    EXPECT_NE(msg.find("reader.cpp:2:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("undefined_call"), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos);
  }
  EXPECT_EQ(objects_in(compiler.directory()), 0u);
}

TEST(Diagnostics, KeepsTheFirstErrorsWithoutPaths) {
  std::string text =
      "In file included from <stdin>:1:\n/abs/path/kernel-api/x.h:3:1: error: bad thing\nnote: context\n"
      "reader.cpp:9:2: error: second\nreader.cpp:10:2: error: third\nreader.cpp:11:2: error: fourth\n";
  EXPECT_EQ(summarize_diagnostics(text), "x.h:3:1: error: bad thing; reader.cpp:9:2: error: second; reader.cpp:10:2: error: third");
}
