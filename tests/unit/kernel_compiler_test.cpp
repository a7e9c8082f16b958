// The kernel compiler and its on-disk cache, with the real host compiler.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "common/error.h"
#include "device/emu/emu_program.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/jit/kernel_dependencies.h"
#include "device/emu/jit/object_store.h"
#include "device/emu/jit/precompiled_headers.h"
#include "device/emu/jit/subprocess.h"
#include "device/emu/jit/toolchain_identity.h"

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
  CompileRequest reader(const std::string& body = "") const {
    CompileRequest spec;
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
  CompileRequest base = reader();
  std::string key = compiler.cache_key(base);
  CompileRequest other_source = reader("a += 1;");
  CompileRequest other_role = base;
  other_role.role = krt::Role::kWriter;
  CompileRequest other_args = base;
  other_args.compile_args = {2, 4096, 2, 4096};
  CompileRequest other_defines = base;
  other_defines.defines = {"BLOCK=4"};
  for (const CompileRequest* s : {&other_source, &other_role, &other_args, &other_defines})
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

TEST_F(KernelCompilerTest, ASharedCacheFolderIsReplacedByAPrivateOneRemovedAfterwards) {
  fs::create_directories(dir_ / "kernels");
  chmod((dir_ / "kernels").c_str(), 0777);
  std::string fallback;
  {
    KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
    fallback = compiler.directory();
    EXPECT_NE(fallback, (dir_ / "kernels").string());
    std::string path = compiler.build(reader());
    EXPECT_TRUE(is_trusted_file(path));
  }
  EXPECT_FALSE(fs::exists(fallback));
}

TEST_F(KernelCompilerTest, AFolderUnderAParentOthersCanWriteIsRefused) {
  fs::create_directories(dir_);
  chmod(dir_.c_str(), 0777);
  try {
    KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    EXPECT_NE(std::string(e.what()).find("chmod o-w '" + dir_.string() + "'"), std::string::npos) << e.what();
  }
  chmod(dir_.c_str(), 01777);  // sticky: others cannot replace what is ours
  KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
  EXPECT_EQ(compiler.directory(), (dir_ / "cache" / "kernels").string());
}

TEST_F(KernelCompilerTest, TempFilesOfDeadWritersAreRemovedThoseOfLiveOnesKept) {
  KernelCompiler first(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  struct stat ns {};
  ASSERT_EQ(stat("/proc/self/ns/pid", &ns), 0);
  pid_t dead = fork();
  if (dead == 0) _exit(0);
  waitpid(dead, nullptr, 0);
  const fs::path kernels = first.directory();
  auto temp = [&](const std::string& writer) { return kernels / (".0123abcd." + writer + ".0.tmp"); };
  const fs::path of_dead = temp(std::to_string(ns.st_ino) + "-" + std::to_string(dead));
  const fs::path of_live = temp(std::to_string(ns.st_ino) + "-" + std::to_string(getpid()));
  const fs::path old_foreign = temp("1-1");
  const fs::path new_foreign = temp("2-1");
  for (const auto& p : {of_dead, of_live, old_foreign, new_foreign}) std::ofstream(p) << "half an object";
  fs::last_write_time(old_foreign, fs::file_time_type::clock::now() - std::chrono::hours(2));
  KernelCompiler second(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  EXPECT_FALSE(fs::exists(of_dead));
  EXPECT_TRUE(fs::exists(of_live));
  EXPECT_FALSE(fs::exists(old_foreign));  // another pid namespace: judged by age
  EXPECT_TRUE(fs::exists(new_foreign));
}

// Every chip of a cluster has a compiler (and a store) of its own on the
// process's one cache folder, and two chips may build the same kernel at once.
TEST_F(KernelCompilerTest, TwoCompilersOfOneProcessBuildTheSameKernelAtOnce) {
  ObjectStore one(dir_.string()), other(dir_.string());
  EXPECT_NE(one.temp_path("0123abcd"), other.temp_path("0123abcd"));
  KernelCompiler first(dir_.string(), ZYXTT_SOURCE_KERNEL_API), second(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  std::string path_first, path_second, error;
  std::thread beside([&] {
    try {
      path_second = second.build(reader());
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  path_first = first.build(reader());
  beside.join();
  EXPECT_EQ(error, "");
  EXPECT_EQ(path_first, path_second);
  EXPECT_TRUE(ObjectStore::read_intact(path_first).has_value());
}

TEST_F(KernelCompilerTest, BrokenObjectsAreMissesAndRebuilt) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  const std::string path = compiler.build(reader());
  const auto good_size = fs::file_size(path);
  const std::vector<std::pair<std::string, std::function<void()>>> breakages = {
      {"empty", [&] { std::ofstream(path, std::ios::trunc); }},
      {"garbage", [&] { std::ofstream(path, std::ios::trunc) << std::string(good_size, 'x'); }},
      {"truncated", [&] { fs::resize_file(path, good_size / 2); }},
      {"one byte changed", [&] {
         std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
         f.seekp(static_cast<std::streamoff>(good_size / 3));
         char c = 0;
         f.read(&c, 1);
         f.seekp(static_cast<std::streamoff>(good_size / 3));
         c = static_cast<char>(c ^ 0x5a);
         f.write(&c, 1);
       }},
      {"directory", [&] {
         fs::remove(path);
         fs::create_directories(fs::path(path) / "sub");
       }},
  };
  uint64_t compiled = compiler.stats().compiled.load();
  for (const auto& [name, do_break] : breakages) {
    do_break();
    EXPECT_FALSE(compiler.lookup(reader())) << name;
    EXPECT_EQ(compiler.build(reader()), path) << name;
    EXPECT_EQ(compiler.stats().compiled.load(), ++compiled) << name;
    EXPECT_TRUE(fs::is_regular_file(path)) << name;
    EXPECT_EQ(fs::file_size(path), good_size) << name;
    EXPECT_TRUE(compiler.lookup(reader())) << name;
  }
}

TEST_F(KernelCompilerTest, TheMemoryLimitBoundsTheCompiler) {
  KernelCompiler unlimited(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  EXPECT_NO_THROW(unlimited.build(reader("a += 7;")));
  KernelCompiler limited(dir_.string(), ZYXTT_SOURCE_KERNEL_API, {.memory_limit_bytes = 40u << 20});
  try {
    limited.build(reader("a += 8;"));
    FAIL() << "compiled within 40 MiB";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kResourceExhausted) << e.what();
    EXPECT_NE(std::string(e.what()).find("the compiler ran out of memory compiling reader.cpp (limit 41943040 bytes "
                                         "per compiler process)"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(KernelCompilerTest, AMissingBraceIsReportedAtTheKernelsLine) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  CompileRequest bad = reader();
  bad.source = "void kernel_main() {\n  uint32_t a = get_arg_val<uint32_t>(0);\n  if (a) {\n    a++;\n  }\n";
  try {
    compiler.build(bad);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kInvalidArgument);
    EXPECT_EQ(std::string(e.what()),
              "reader.cpp does not compile: reader.cpp:5:4: error: expected '}' at end of input");
  }
}

// The compiler reads the kernel from stdin, and GCC searches a quoted
// include in its working directory first: started in a tt-metal checkout,
// tt-metal's own device headers won over the kernel API's of the same name.
// The compiler runs in the cache folder now, and the runtime's working
// directory is searched last, so that root-relative includes still resolve.
TEST_F(KernelCompilerTest, TheKernelApiComesBeforeTheWorkingDirectoryWhichIsStillSearched) {
  const fs::path work = dir_ / "checkout";
  fs::create_directories(work / "tt_metal/fabric/hw/inc/edm_fabric");
  std::ofstream(work / "tt_metal/fabric/hw/inc/edm_fabric/fabric_stream_regs.hpp") << "#error the checkout's header\n";
  std::ofstream(work / "local_helper.h") << "constexpr int kHelper = 7;\n";
  const fs::path was = fs::current_path();
  fs::current_path(work);
  struct Back {
    fs::path to;
    ~Back() { fs::current_path(to); }
  } back{was};
  KernelCompiler compiler("cache", ZYXTT_SOURCE_KERNEL_API);  // relative: the compiler runs elsewhere
  CompileRequest spec = reader();
  spec.source = "#include \"tt_metal/fabric/hw/inc/edm_fabric/fabric_stream_regs.hpp\"\n#include \"local_helper.h\"\n"
                "static_assert(kHelper == 7);\nvoid kernel_main() { (void)read_stream_scratch_register(0); }\n";
  const std::string object = compiler.build(spec);
  EXPECT_TRUE(is_trusted_file(object));
  EXPECT_EQ(fs::path(object).string().rfind((work / "cache").string(), 0), 0u) << object;

  // The working directory's header is the kernel's: an edit to it is seen.
  std::ofstream(work / "local_helper.h", std::ios::trunc) << "constexpr int kHelper = 8;\n";
  EXPECT_THROW(compiler.build(spec), Error);
}

// A header the kernel includes from its own folder (and one that header
// includes) is part of what its object is: an edit builds anew, the text
// before the edit finds its object again, and the kernel API stays out of
// the list (its fingerprint covers it).
TEST_F(KernelCompilerTest, AnEditToAHeaderOfTheKernelsFolderBuildsAnewAndTheOldTextFindsItsObject) {
  const fs::path folder = dir_ / "kernels";
  fs::create_directories(folder / "nested");
  const fs::path more = folder / "nested" / "more.h";
  std::ofstream(folder / "helper.h") << "#pragma once\n#include \"nested/more.h\"\nconstexpr uint32_t kValue = kMore + 1;\n";
  auto write_more = [&](const std::string& text) { std::ofstream(more, std::ios::trunc) << text; };
  write_more("constexpr uint32_t kMore = 41;\n");
  CompileRequest spec = reader();
  spec.include_dirs = {folder.string()};
  spec.source = "#include \"helper.h\"\nvoid kernel_main() { *reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0)) = kValue; }\n";

  KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
  const std::string first = compiler.build(spec);
  EXPECT_EQ(read_manifest(fs::path(compiler.directory()) / (compiler.cache_key(spec) + ".deps")),
            (std::vector<std::string>{(folder / "helper.h").string(), more.string()}));
  EXPECT_EQ(compiler.build(spec), first);
  EXPECT_EQ(compiler.stats().compiled.load(), 1u);

  write_more("#error the edited header\n");
  try {
    compiler.build(spec);
    FAIL() << "the edit was not seen";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the edited header"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(compiler.lookup(spec));

  write_more("constexpr uint32_t kMore = 41;\n");
  EXPECT_EQ(compiler.build(spec), first);
  EXPECT_EQ(compiler.stats().compiled.load(), 1u);

  write_more("constexpr uint32_t kMore = 42;\n");
  const std::string second = compiler.build(spec);
  EXPECT_NE(second, first);
  EXPECT_EQ(compiler.stats().compiled.load(), 2u);
  KernelCompiler again((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);  // a new process
  EXPECT_EQ(again.lookup(spec), second);
  fs::remove(more);
  EXPECT_FALSE(again.lookup(spec)) << "a header gone is a miss, and the compile says what is missing";
  EXPECT_THROW(again.build(spec), Error);
}

// A kernel that reads nothing outside the kernel API has no manifest: its
// lookup opens one file, as before.
TEST_F(KernelCompilerTest, AKernelOfTheKernelApiAloneHasNoManifest) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  const std::string object = compiler.build(reader());
  EXPECT_EQ(object, fs::path(compiler.directory()) / (compiler.cache_key(reader()) + ".so"));
  EXPECT_FALSE(fs::exists(fs::path(compiler.directory()) / (compiler.cache_key(reader()) + ".deps")));
}

TEST(KernelDependencies, ReadsGccsRulesWithTheirEscapes) {
  EXPECT_EQ(make_prerequisites("/c/out.so: /usr/include/stdc-predef.h inc/my\\ helper.h \\\n /a/b\\#c.h $$d.h\n"
                               "inc/my\\ helper.h:\n"),
            (std::vector<std::string>{"/usr/include/stdc-predef.h", "inc/my helper.h", "/a/b#c.h", "$d.h"}));
  EXPECT_EQ(make_prerequisites("out.so:\n"), std::vector<std::string>{});
  EXPECT_EQ(make_prerequisites(""), std::vector<std::string>{});
}

TEST(KernelDependencies, TracksFilesUnderNoExcludedFolderEachOnce) {
  const std::vector<std::string> prerequisites = {
      "/usr/include/stdint.h", "/k/helper.h",  "../k/sub/../x.h",   "/k/api/zyxtt/entry.h", "/k/helper.h",
      "/pch/a.h.gch",          "/usr/includes.h", "/usr/include/../local.h", "/w/local.h"};
  EXPECT_EQ(tracked_headers(prerequisites, "/cache", {"/usr/include/", "/k/api", ""}),
            (std::vector<std::string>{"/k/helper.h", "/k/x.h", "/usr/includes.h", "/usr/local.h", "/w/local.h"}));
}

TEST(KernelDependencies, TheCompilersOwnFoldersAreReadFromItsReport) {
  const std::string gcc = "ignoring nonexistent directory \"/x\"\n#include \"...\" search starts here:\n"
                          "#include <...> search starts here:\n /usr/include/c++/12\n"
                          " /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x\n /usr/include\nEnd of search list.\n";
  EXPECT_EQ(system_include_dirs(gcc),
            (std::vector<std::string>{"/usr/include/c++/12", "/usr/include/x", "/usr/include"}));
  EXPECT_EQ(system_include_dirs("#include <...> search starts here:\n /L/Frameworks (framework directory)\nEnd"),
            std::vector<std::string>{"/L/Frameworks"});
  EXPECT_EQ(system_include_dirs("gcc version 12"), std::vector<std::string>{});
}

TEST(KernelDependencies, TheKeyFollowsEachFilesBytesAndAMissingFileIsNoEmptyOne) {
  const fs::path dir = fs::temp_directory_path() / ("zyxtt-deps-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string a = (dir / "a.h").string(), b = (dir / "b.h").string();
  std::ofstream(a) << "ab";
  std::ofstream(b) << "c";
  const std::string key = key_with_contents("k", {a, b});
  EXPECT_EQ(key_with_contents("k", {a, b}), key);
  EXPECT_NE(key_with_contents("other", {a, b}), key);
  std::ofstream(a, std::ios::trunc) << "a";
  std::ofstream(b, std::ios::trunc) << "bc";
  EXPECT_NE(key_with_contents("k", {a, b}), key) << "the same bytes split otherwise";
  const std::string split = key_with_contents("k", {a, b});
  std::ofstream(b, std::ios::trunc) << "";
  const std::string empty = key_with_contents("k", {a, b});
  fs::remove(b);
  EXPECT_NE(key_with_contents("k", {a, b}), empty);
  EXPECT_NE(empty, split);
  fs::remove_all(dir);
}

TEST(KernelDependencies, AManifestRoundTripsAndOnlyAPrivateOneIsRead) {
  const fs::path dir = fs::temp_directory_path() / ("zyxtt-manifest-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "k.deps").string();
  const std::vector<std::string> files = {"/a b/c.h", "/d.h"};
  ASSERT_TRUE(write_manifest((dir / ".k.tmp").string(), path, files));
  EXPECT_EQ(read_manifest(path), files);
  EXPECT_FALSE(fs::exists(dir / ".k.tmp"));
  chmod(path.c_str(), 0666);
  EXPECT_EQ(read_manifest(path), std::nullopt);
  EXPECT_EQ(read_manifest((dir / "none.deps").string()), std::nullopt);
  fs::remove_all(dir);
}

// Code for the 32-bit RISC-V keeps L1 pointers in uint32_t: such a kernel
// builds (accepting only those casts); a kernel with any other error, even
// beside such a cast, is still refused with that error.
TEST_F(KernelCompilerTest, PointerToUint32CastsOfA32BitTargetBuildAndOtherErrorsStillFail) {
  KernelCompiler compiler(dir_.string(), ZYXTT_SOURCE_KERNEL_API);
  CompileRequest narrowing = reader();
  narrowing.source =
      "void kernel_main() {\n  volatile uint32_t* p = reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0));\n"
      "  uint32_t a = (uint32_t)p;\n  *p = a;\n}\n";
  EXPECT_TRUE(is_trusted_file(compiler.build(narrowing)));
  CompileRequest also_wrong = narrowing;
  also_wrong.source = "void kernel_main() {\n  int* p = nullptr;\n  uint32_t a = (uint32_t)p;\n  undefined_call(a);\n}\n";
  try {
    compiler.build(also_wrong);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("undefined_call"), std::string::npos) << e.what();
  }
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
  CompileRequest bad = reader();
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

TEST_F(KernelCompilerTest, TheKeyFollowsEveryKernelApiHeader) {
  const fs::path api = dir_ / "api";
  fs::create_directories(dir_);
  fs::copy(ZYXTT_SOURCE_KERNEL_API, api, fs::copy_options::recursive);
  auto key_now = [&] { return KernelCompiler((dir_ / "cache").string(), api.string()).cache_key(reader()); };
  const std::string first = key_now();
  EXPECT_EQ(key_now(), first) << "a new process on the same headers";

  // The same number of bytes, one changed, in a header the kernel never includes.
  const fs::path header = api / "api" / "compute" / "blank.h";
  std::string text;
  {
    std::ifstream in(header);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_FALSE(text.empty());
  text[0] = text[0] == '/' ? '#' : '/';
  std::ofstream(header, std::ios::trunc) << text;
  const std::string edited = key_now();
  EXPECT_NE(edited, first);

  std::ofstream(api / "zyxtt" / "new_header.h") << "#pragma once\n";
  EXPECT_NE(key_now(), edited) << "a header added";
}

// A runtime walks the kernel-API tree before init names the cache folder
// (start_tree_fingerprint) and hands the walk to its compiler: the key must
// be the one a compiler that walks the tree itself computes, and a file deep
// in the tree counts.
TEST_F(KernelCompilerTest, AWalkBegunEarlyKeysAsTheCompilersOwn) {
  const fs::path api = dir_ / "api";
  fs::create_directories(dir_);
  fs::copy(ZYXTT_SOURCE_KERNEL_API, api, fs::copy_options::recursive);
  const std::string own = KernelCompiler((dir_ / "cache").string(), api.string()).cache_key(reader());
  const std::string early =
      KernelCompiler((dir_ / "cache").string(), api.string(), {}, start_tree_fingerprint(api.string())).cache_key(reader());
  EXPECT_EQ(early, own);

  const std::string before = tree_fingerprint(api.string());
  EXPECT_EQ(start_tree_fingerprint(api.string()).get(), before);
  fs::create_directories(api / "api" / "compute" / "deeper" / "still");
  std::ofstream(api / "api" / "compute" / "deeper" / "still" / "x.h") << "#pragma once\n";
  EXPECT_NE(tree_fingerprint(api.string()), before) << "a header added three folders down";
}

// The precompiled kernel API lives under $XDG_CACHE_HOME/zyx-tt/pch,
// shared by every kernel cache; a damaged one costs a warning, not a kernel.
TEST_F(KernelCompilerTest, StandardHeadersArePrecompiledOnceAndADamagedCopyIsDropped) {
  const char* old_home = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_home != nullptr ? old_home : "";
  setenv("XDG_CACHE_HOME", (dir_ / "xdg").c_str(), 1);
  // Sets of four older compilers: building a fifth forgets the oldest.
  const fs::path root = dir_ / "xdg" / "zyx-tt" / "pch";
  for (int i = 0; i < 4; ++i) {
    fs::create_directories(root / ("old" + std::to_string(i)));
    fs::last_write_time(root / ("old" + std::to_string(i)), fs::file_time_type::clock::now() - std::chrono::hours(10 - i));
  }
  std::optional<std::string> pch;
  {
    KernelCompiler compiler((dir_ / "a").string(), ZYXTT_SOURCE_KERNEL_API);
    pch = compiler.wait_for_pch();
    ASSERT_TRUE(pch) << "no precompiled header was built";
    for (const char* role : {"reader", "writer", "compute"})
      EXPECT_TRUE(is_trusted_file(*pch + "/zyxtt/kernel_api_" + role + ".h.gch")) << role;
    EXPECT_EQ(fs::path(*pch).parent_path(), root);
    EXPECT_FALSE(fs::exists(root / "old0")) << "the oldest set was kept";
    for (const char* kept : {"old1", "old2", "old3"}) EXPECT_TRUE(fs::exists(root / kept)) << kept;
    EXPECT_TRUE(is_trusted_file(compiler.build(reader())));
  }
  const fs::path gch = fs::path(*pch) / "zyxtt" / "kernel_api_reader.h.gch";  // what a reader uses
  const auto built = fs::last_write_time(gch);
  {
    KernelCompiler again((dir_ / "b").string(), ZYXTT_SOURCE_KERNEL_API);  // another cache, same user
    EXPECT_EQ(again.wait_for_pch(), pch);
    EXPECT_EQ(fs::last_write_time(gch), built) << "built twice";
  }
  fs::resize_file(gch, fs::file_size(gch) / 3);
  {
    KernelCompiler damaged((dir_ / "c").string(), ZYXTT_SOURCE_KERNEL_API);
    ASSERT_EQ(damaged.wait_for_pch(), pch);  // looks whole from outside
    EXPECT_TRUE(is_trusted_file(damaged.build(reader("a += 2;"))));
    EXPECT_FALSE(fs::exists(gch)) << "the damaged header was kept";
  }
  {
    KernelCompiler next((dir_ / "d").string(), ZYXTT_SOURCE_KERNEL_API);
    EXPECT_EQ(next.wait_for_pch(), pch) << "the next runtime builds it again";
  }
  if (old_home != nullptr) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
}

// Each role's precompiled kernel API serves the kernels of that role as the
// runtime compiles them (compile-time args, the compute configuration's
// defines), and a set is made anew when any kernel-API header changes: a
// kernel then sees the edited header, never the old precompiled one.
TEST_F(KernelCompilerTest, TheKernelApiIsPrecompiledPerRoleAndAgainWhenAHeaderChanges) {
  const char* old_home = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_home != nullptr ? old_home : "";
  setenv("XDG_CACHE_HOME", (dir_ / "xdg").c_str(), 1);
  const fs::path api = dir_ / "api";
  fs::create_directories(dir_);
  fs::copy(ZYXTT_SOURCE_KERNEL_API, api, fs::copy_options::recursive);

  // The kernels of a program in zyx's shape, with every define the runtime
  // gives them (compile-time args, named args, CB formats, compute config).
  program::Program p;
  const program::CoreRangeSet cores{{program::CoreRange{{0, 0}, {1, 1}}}};
  for (uint32_t cb = 0; cb < 3; ++cb)
    p.circular_buffers.push_back({cores, 8192, {{cb, tt::DataFormat::Float32, 4096}}, std::nullopt});
  program::KernelSpec k;
  k.cores = cores;
  k.name = "reader.cpp";
  k.source = "void kernel_main() { noc_async_read_barrier(); }\n";
  k.compile_args = {2, 4096, 2, 4096};
  p.kernels.push_back(k);
  k.name = "writer.cpp";
  k.processor = program::Processor::kRiscv1;
  k.noc = 1;
  k.compile_args = {2, 4096};
  k.named_compile_args = {{"tiles", 4}};
  p.kernels.push_back(k);
  k.name = "compute.cpp";
  k.processor = program::Processor::kCompute;
  k.source = "#include \"api/compute/common.h\"\nvoid kernel_main() { tile_regs_acquire(); }\n";
  k.compile_args = {};
  k.named_compile_args = {};
  k.compute.fp32_dest_acc = true;
  p.kernels.push_back(k);
  std::optional<std::string> first;
  {
    KernelCompiler compiler((dir_ / "a").string(), api.string());
    first = compiler.wait_for_pch();
    ASSERT_TRUE(first) << "no precompiled header was built";
    // GCC names the precompiled header it reads with -H ("! file.gch").
    for (size_t i = 0; i < p.kernels.size(); ++i) {
      const CompileRequest request = compile_request(p, i);
      const CompileRequest* spec = &request;
      ASSERT_FALSE(spec->defines.empty()) << "the runtime's defines";
      std::vector<std::string> cmd = compiler.command(*spec, "/dev/null");
      cmd.insert(cmd.begin() + 1, "-I" + *first);
      cmd.insert(cmd.end(), {"-fsyntax-only", "-H"});
      std::string err;
      const std::string tu = compiler.translation_unit(*spec);  // as build() hands it over
      const ProcessResult r = run_process(cmd, tu, [&](std::string_view chunk) { err += chunk; });
      EXPECT_EQ(r.exit_code, 0) << err;
      const std::string used = fmt::format("! {}/{}.gch", *first, PrecompiledHeaders::header_for(spec->role));
      EXPECT_NE(err.find(used), std::string::npos) << used << " not used:\n" << err.substr(0, 2000);
    }
  }
  // An edit to a header the precompiled reader API holds.
  std::ofstream(api / "api" / "dataflow" / "dataflow_api.h", std::ios::app) << "\n#define ZYXTT_EDITED_HEADER 7\n";
  {
    KernelCompiler compiler((dir_ / "b").string(), api.string());
    const std::optional<std::string> second = compiler.wait_for_pch();
    ASSERT_TRUE(second);
    EXPECT_NE(*second, *first) << "the edited header was not precompiled again";
    EXPECT_TRUE(is_trusted_file(compiler.build(reader("static_assert(ZYXTT_EDITED_HEADER == 7);"))));
  }
  if (old_home != nullptr) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
}

// A compute kernel's leading includes are precompiled (on top of the compute
// API's standard headers) once a kernel starting that way was compiled, and
// serve later kernels that start alike, whatever their own data (CB formats)
// is; an object is the same byte for byte with or without them. A header a
// kernel cache tracks (the kernel's own folder) is never precompiled.
TEST_F(KernelCompilerTest, ComputeKernelsThatStartAlikeShareAPrecompiledHeadThatChangesNoObject) {
  const char* old_home = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_home != nullptr ? old_home : "";
  setenv("XDG_CACHE_HOME", (dir_ / "xdg").c_str(), 1);
  CompileRequest spec;
  spec.role = krt::Role::kCompute;
  spec.source =
      "// zyx's shape\n#include <cstdint>\n#include \"api/compute/common.h\"\n"
      "#include \"api/compute/tile_move_copy.h\"\n#include \"api/compute/eltwise_unary/exp.h\"\n"
      "void kernel_main() {\n  tile_regs_acquire();\n  copy_tile(0, 0, 0);\n  exp_tile(0);\n  tile_regs_commit();\n}\n";
  spec.defines = {"ZYXTT_DST_ACCUM_MODE=1", "KERNEL_CB_DATA_FORMATS=0,0"};
  std::string first_object;
  fs::path header;
  {
    KernelCompiler compiler((dir_ / "a").string(), ZYXTT_SOURCE_KERNEL_API);
    const std::optional<std::string> set = compiler.wait_for_pch();
    ASSERT_TRUE(set);
    EXPECT_EQ(compiler.head_of(spec).includes.size(), 4u);
    std::ifstream in(compiler.build(spec), std::ios::binary);
    first_object.assign(std::istreambuf_iterator<char>(in), {});
    EXPECT_EQ(compiler.stats().with_precompiled_head, 0u) << "precompiled before any kernel asked for it";
    // Seen once: marked, not built.
    const fs::path heads = fs::path(*set) / "heads";
    std::vector<std::string> seen;
    for (const auto& e : fs::directory_iterator(heads)) seen.push_back(e.path().extension().string());
    EXPECT_EQ(seen, std::vector<std::string>{".h"});
    // Seen again (another body): built in the background.
    CompileRequest again = spec;
    again.source += "void also_unused() {}\n";
    EXPECT_TRUE(is_trusted_file(compiler.build(again)));
    for (int i = 0; i < 1200 && header.empty(); ++i) {
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(heads, ec))
        if (e.path().extension() == ".gch") header = fs::path(e.path()).replace_extension();
      if (header.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_FALSE(header.empty()) << "the head was not precompiled";
    // GCC reads it (-H names it "! file.gch") for a kernel with other data
    // (every define the runtime gives per kernel) and another body.
    CompileRequest other = spec;
    other.compile_args = {7, 8};
    other.defines = {"ZYXTT_DST_ACCUM_MODE=1", "KERNEL_CB_DATA_FORMATS=5,5,5", "KERNEL_CB_TILE_SHAPES=32,32",
                     "KERNEL_NAMED_COMPILE_TIME_ARGS={\"n\",1}"};
    other.source += "void unused() {}\n";
    std::vector<std::string> cmd = compiler.command(other, "/dev/null");
    cmd.insert(cmd.begin() + 1, {"-include", header.string(), "-I" + *set, "-Winvalid-pch"});
    cmd.insert(cmd.end(), {"-fsyntax-only", "-H"});
    std::string err;
    const ProcessResult r = run_process(cmd, compiler.translation_unit(other), [&](std::string_view c) { err += c; });
    EXPECT_EQ(r.exit_code, 0) << err;
    EXPECT_NE(err.find("! " + header.string() + ".gch"), std::string::npos) << err.substr(0, 2000);
  }
  {
    KernelCompiler compiler((dir_ / "b").string(), ZYXTT_SOURCE_KERNEL_API);
    ASSERT_TRUE(compiler.wait_for_pch());
    std::ifstream in(compiler.build(spec), std::ios::binary);
    const std::string object(std::istreambuf_iterator<char>(in), {});
    EXPECT_EQ(compiler.stats().with_precompiled_head, 1u);
    EXPECT_TRUE(object == first_object) << "the precompiled head changed the object";
  }
  fs::resize_file(header.string() + ".gch", fs::file_size(header.string() + ".gch") / 3);
  {
    // A damaged one costs a warning and its removal, not the kernel.
    KernelCompiler compiler((dir_ / "d").string(), ZYXTT_SOURCE_KERNEL_API);
    ASSERT_TRUE(compiler.wait_for_pch());
    EXPECT_TRUE(is_trusted_file(compiler.build(spec)));
    EXPECT_FALSE(fs::exists(header.string() + ".gch")) << "the damaged head was kept";
  }
  {
    // The kernel's own folder comes before the compiler's: from a header
    // found there on, the head is plain text.
    fs::create_directories(dir_ / "mine");
    std::ofstream(dir_ / "mine" / "array") << "#pragma once\n";
    std::ofstream(dir_ / "mine" / "helpers.h") << "#pragma once\n";
    KernelCompiler compiler((dir_ / "c").string(), ZYXTT_SOURCE_KERNEL_API);
    CompileRequest own = spec;
    own.include_dirs = {(dir_ / "mine").string()};
    for (const char* third : {"#include <array>\n", "#include \"helpers.h\"\n", "#include <no_such_header>\n"}) {
      own.source = std::string("#include <cstdint>\n#include \"api/compute/common.h\"\n") + third +
                   "#include <cstring>\nvoid kernel_main() {}\n";
      EXPECT_EQ(compiler.head_of(own).includes.size(), 2u) << third;
    }
    own.source = "#include <cstdint>\n#include <cstring>\nvoid kernel_main() {}\n";
    EXPECT_EQ(compiler.head_of(own).includes.size(), 2u) << "a standard header of the compiler's folders";
    own.role = krt::Role::kReader;
    EXPECT_TRUE(compiler.head_of(own).empty()) << "data movement kernels have their whole API precompiled";
  }
  if (old_home != nullptr) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
}

// The standard headers force-included first (and precompiled) are exactly
// what each role's API brings anyway: a kernel parses no more lines for
// them, so without a precompiled header nothing gets slower and a kernel
// sees no name it would not have seen.
TEST_F(KernelCompilerTest, TheForceIncludedStandardHeadersAreOnesTheKernelParsesAnyway) {
  KernelCompiler compiler((dir_ / "cache").string(), ZYXTT_SOURCE_KERNEL_API);
  auto lines = [&](const CompileRequest& spec, bool force_included) {
    std::vector<std::string> cmd = compiler.command(spec, (dir_ / "kernel.ii").string());
    if (!force_included) {
      auto at = std::find(cmd.begin(), cmd.end(), PrecompiledHeaders::header_for(spec.role));
      EXPECT_NE(at, cmd.end());
      cmd.erase(at - 1, at + 1);  // -include <header>
    }
    cmd.push_back("-E");
    cmd.push_back("-P");
    std::string err;
    const ProcessResult r = run_process(cmd, spec.source, [&](std::string_view chunk) { err += chunk; });
    EXPECT_EQ(r.exit_code, 0) << err;
    std::ifstream in(dir_ / "kernel.ii");
    return std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n');
  };
  CompileRequest compute;
  compute.role = krt::Role::kCompute;
  compute.source = "#include \"api/compute/common.h\"\nvoid kernel_main() {}\n";
  CompileRequest writer = reader();
  writer.role = krt::Role::kWriter;
  for (const CompileRequest& spec : {reader(), writer, compute}) {
    const auto without = lines(spec, false);
    EXPECT_GT(without, 1000) << "the API is in there";
    EXPECT_LE(lines(spec, true), without + 20) << PrecompiledHeaders::header_for(spec.role);
  }
}

// The report is the user's, as the precompiled headers are: a runtime on a
// new kernel cache does not ask the compiler again.
TEST_F(KernelCompilerTest, TheCompilersReportIsRememberedPerUserSoANewKernelCacheDoesNotAskAgain) {
  const char* old_home = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_home != nullptr ? old_home : "";
  setenv("XDG_CACHE_HOME", (dir_ / "xdg").c_str(), 1);
  fs::create_directories(dir_);
  const fs::path log = dir_ / "asked.log", cxx = dir_ / "cxx";
  std::ofstream(cxx) << "#!/bin/sh\ncase \"$*\" in *\"-E -v\"*) echo asked >> " << log.string()
                     << " ;; esac\nexec g++ \"$@\"\n";
  fs::permissions(cxx, fs::perms::owner_all);
  CompilerConfig config;
  config.program = cxx.string();
  for (const char* cache : {"a", "b"}) {
    KernelCompiler compiler((dir_ / cache).string(), ZYXTT_SOURCE_KERNEL_API, config);
    EXPECT_TRUE(is_trusted_file(compiler.build(reader())));
  }
  std::ifstream in(log);
  EXPECT_EQ(std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n'), 1);
  size_t memos = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "xdg" / "zyx-tt" / "compilers")) {
    EXPECT_TRUE(is_trusted_file(e.path().string())) << e.path();
    ++memos;
  }
  EXPECT_EQ(memos, 1u);
  if (old_home != nullptr) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
}

TEST(CompilerReport, IsRememberedPerExecutableAndAskedAgainWhenItChanges) {
  const fs::path dir = fs::temp_directory_path() / ("zyxtt-report-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "memo");
  fs::permissions(dir / "memo", fs::perms::owner_all);
  const fs::path cxx = dir / "cxx";
  std::ofstream(cxx) << "#!/bin/sh\necho version 1 >&2\n";
  fs::permissions(cxx, fs::perms::owner_all);
  int asked = 0;
  auto report = [&](const std::string& text) {
    return compiler_report(cxx.string(), (dir / "memo").string(), (dir / "memo" / ".t.tmp").string(), [&] {
      ++asked;
      return text;
    });
  };
  EXPECT_EQ(report("gcc 1"), "gcc 1");
  EXPECT_EQ(report("gcc 2"), "gcc 1") << "remembered: the executable did not change";
  EXPECT_EQ(asked, 1);

  std::ofstream(cxx, std::ios::app) << "# upgraded\n";  // a new compiler at the same path
  EXPECT_EQ(report("gcc 2"), "gcc 2");
  EXPECT_EQ(asked, 2);

  for (const auto& e : fs::directory_iterator(dir / "memo")) {
    struct stat st {};
    ASSERT_EQ(lstat(e.path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << e.path();
    fs::permissions(e.path(), fs::perms::others_write, fs::perm_options::add);  // others could forge it
  }
  EXPECT_EQ(report("gcc 3"), "gcc 3") << "a memo others can write is not believed";
  EXPECT_EQ(asked, 3);
  fs::remove_all(dir);
}

// Feeds `text` in pieces of `step` bytes, as a pipe may deliver it.
CompilerOutput read_output(const std::string& text, size_t step = 7) {
  CompilerOutput out("reader.cpp");
  for (size_t i = 0; i < text.size(); i += step) out.feed(std::string_view(text).substr(i, step));
  out.finish();
  return out;
}

TEST(CompilerOutput, KeepsErrorLinesWithoutPathsAndCountsTheRest) {
  std::string text =
      "In file included from <stdin>:1:\n/abs/path/kernel-api/api/x.h:3:1: error: bad thing\nnote: context\n"
      "reader.cpp:9:2: error: second\nreader.cpp:10:2: error: third\nreader.cpp:11:2: error: \"fourth\"";
  EXPECT_EQ(read_output(text).summary(),
            "x.h:3:1: error: bad thing; reader.cpp:9:2: error: second; reader.cpp:10:2: error: third; "
            "reader.cpp:11:2: error: 'fourth'");
}

TEST(CompilerOutput, KeepsAtMostTheCapOfErrorsAndBoundedLines) {
  std::string text;
  for (int i = 1; i <= 25; ++i) text += "reader.cpp:" + std::to_string(i) + ":1: error: e" + std::to_string(i) + "\n  | note\n";
  text += "reader.cpp:26:1: error: " + std::string(100000, 'z') + "\n";
  CompilerOutput out = read_output(text, 4096);
  std::string summary = out.summary();
  EXPECT_TRUE(summary.ends_with("reader.cpp:20:1: error: e20; and 6 more errors")) << summary;
  EXPECT_NE(summary.find("reader.cpp:1:1: error: e1; reader.cpp:2:1: error: e2; "), std::string::npos)
      << summary;
  EXPECT_EQ(summary.find("e21"), std::string::npos);
  EXPECT_EQ(out.lines(), 51u);
}

TEST(CompilerOutput, ErrorsInsideTheRuntimesHeadersPointAtTheKernelAndNameNoInternals) {
  std::string text =
      "reader.cpp: In function 'void kernel_main()':\n"
      "reader.cpp:4:7:   required from here\n"
      "/opt/zyx/kernel-api/zyxtt/krt.h:88:3: error: no match for 'zyxtt::krt::Value<int>' in "
      "'zyxtt::kernel::f(chlkc_compute::zyxtt_compute_main())'\n"
      "reader.cpp:5:1: error: 'kr' was not declared in this scope; did you mean 'krt'?\n";
  EXPECT_EQ(read_output(text).summary(),
            "reader.cpp:4:7: error: no match for 'Value<int>' in 'f(MAIN)'; reader.cpp:5:1: error: 'kr' was not "
            "declared in this scope");
}

TEST(CompilerOutput, TellsFailuresThatAreNotTheKernels) {
  EXPECT_EQ(read_output("reader.cpp:1:1: error: x\n").failure(), CompilerOutput::Failure::kCompile);
  auto disk = read_output("/usr/bin/ld: final link failed: No space left on device\ncollect2: error: ld returned 1\n");
  EXPECT_EQ(disk.failure(), CompilerOutput::Failure::kDiskFull);
  EXPECT_EQ(disk.reason(), "ld: final link failed: No space left on device");
  auto link = read_output("/usr/bin/ld: /tmp/cc1.o: relocation against `zz'\ncollect2: error: ld returned 1\n");
  EXPECT_EQ(link.failure(), CompilerOutput::Failure::kLink);
  EXPECT_EQ(link.reason(), "ld: /tmp/cc1.o: relocation against `zz'");
  EXPECT_EQ(read_output("cc1plus: out of memory allocating 65536 bytes\n").failure(),
            CompilerOutput::Failure::kOutOfMemory);
}
