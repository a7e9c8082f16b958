// The on-disk kernel cache seen from outside: a second runtime reuses the
// objects, a runtime killed mid-compile leaves nothing half-written or
// readable by others, broken objects are rebuilt, unsafe folders refused.
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <thread>

#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt;
using namespace zyxtt::testing;
namespace fs = std::filesystem;

namespace {

const Kernels kTrivial = argument_reading_kernels();

std::string compile_line() { return compile_command(1, kTrivial, std::span(&kOneFloat32Cb, 1)); }

// Object file -> modification time, for every object in the cache.
std::map<std::string, int64_t> objects(const fs::path& cache) {
  std::map<std::string, int64_t> out;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(cache, ec)) {
    if (e.path().extension() != ".so") continue;
    struct stat st {};
    stat(e.path().c_str(), &st);
    out[e.path().string()] = st.st_mtim.tv_sec * 1000000000ll + st.st_mtim.tv_nsec;
  }
  return out;
}

class KernelCache : public ::testing::Test {
 protected:
  void SetUp() override {
    cache_ = fs::temp_directory_path() / ("zyxtt-cache-" + std::to_string(getpid()) + "-" +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(cache_);
  }
  void TearDown() override { fs::remove_all(cache_); }

  // Starts a runtime on the test's cache, compiles the program, runs it.
  void compile_and_run(const client::SpawnOptions& options = runtime_options()) {
    client::RuntimeProcess rt(options);
    auto ask = [&](const std::string& line, std::string_view payload = {}) {
      return rt.request(line, client::ErrorKind::kKernelLaunch, payload).line;
    };
    ASSERT_EQ(ask(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})"), R"({"status":"ready"})");
    std::string in = ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})");
    std::string out = ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})");
    ASSERT_EQ(ask(compile_line(), payload(kTrivial)), R"({"status":"ok"})");
    ASSERT_EQ(ask(R"({"cmd":"run","id":1,"gd0":2,"gd1":2,"src0":0,"dst0":1})"), R"({"status":"ok"})");
    ASSERT_EQ(ask(R"({"cmd":"run","id":1,"gd0":2,"gd1":2,"src0":0,"dst0":1})"), R"({"status":"ok"})");
  }

  fs::path cache_;
};

}  // namespace

TEST_F(KernelCache, ASecondRuntimeReusesTheObjectsWithoutCompiling) {
  compile_and_run();
  auto first = objects(cache_);
  ASSERT_EQ(first.size(), 3u);  // reader, compute, writer; reruns added nothing
  compile_and_run();
  EXPECT_EQ(objects(cache_), first) << "objects were rebuilt";
}

// zyx compiles the same program under the same id again; the runtime then
// does no work at all (its objects are built), while any other source does.
TEST_F(KernelCache, TheSameProgramUnderItsIdIsNotLookedUpAgainAnotherIs) {
  client::RuntimeProcess rt(runtime_options());
  auto ask = [&](const std::string& line, std::string_view payload = {}) {
    return rt.request(line, client::ErrorKind::kKernelLaunch, payload).line;
  };
  ASSERT_EQ(ask(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})"), R"({"status":"ready"})");
  ASSERT_EQ(ask(compile_line(), payload(kTrivial)), R"({"status":"ok"})");
  ASSERT_EQ(objects(cache_).size(), 3u);
  for (const auto& [path, mtime] : objects(cache_)) fs::remove(path);
  ASSERT_EQ(ask(compile_line(), payload(kTrivial)), R"({"status":"ok"})");
  EXPECT_EQ(objects(cache_).size(), 0u) << "the same program was compiled again";

  Kernels changed = kTrivial;
  changed.reader += "// another source\n";
  ASSERT_EQ(ask(compile_command(1, changed, std::span(&kOneFloat32Cb, 1)), payload(changed)), R"({"status":"ok"})");
  EXPECT_EQ(objects(cache_).size(), 3u) << "another program under the same id must be built";
}

TEST_F(KernelCache, CacheFoldersArePrivate) {
  compile_and_run();
  struct stat st {};
  ASSERT_EQ(stat((cache_ / "kernels").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  for (const auto& [path, mtime] : objects(cache_)) {
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << path;
  }
}

TEST_F(KernelCache, KilledMidCompileLeavesNoBrokenObject) {
  for (int delay_ms : {5, 40, 120}) {
    {
      client::RuntimeProcess rt(runtime_options());
      rt.send(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})");
      rt.send(compile_line(), payload(kTrivial));
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(rt.pid(), SIGKILL);  // as zyx's pkill -9 would
    }
    compile_and_run();  // whatever was left, the next runtime compiles and runs
  }
}

std::vector<fs::path> temp_files(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".tmp") out.push_back(e.path());
  return out;
}

TEST_F(KernelCache, TempFilesArePrivateAndThoseOfAKilledRuntimeAreRemoved) {
  // A compiler that links the object, then hangs: the temp file stays in place.
  fs::create_directories(cache_);
  const fs::path slow = cache_ / "slow-cxx";
  std::ofstream(slow) << "#!/bin/sh\ng++ \"$@\" || exit $?\ncase \" $* \" in *' -o '*) exec sleep 600;; esac\n";
  fs::permissions(slow, fs::perms::owner_all);
  {
    client::RuntimeProcess rt(runtime_options({"--compiler", slow.string()}));
    ASSERT_EQ(rt.request(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})", client::ErrorKind::kInitialization)
                  .line,
              R"({"status":"ready"})");
    rt.send(compile_line(), payload(kTrivial));
    // Each compile leaves its object and its list of headers read (.d.tmp).
    std::vector<fs::path> temps;
    auto objects_in = [](const std::vector<fs::path>& files) {
      return std::count_if(files.begin(), files.end(), [](const fs::path& f) { return !f.string().ends_with(".d.tmp"); });
    };
    for (int i = 0; i < 3600 && temps.size() < 6; ++i) {  // up to 3 min on a loaded machine
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      temps = temp_files(cache_ / "kernels");
    }
    ASSERT_EQ(temps.size(), 6u) << "the compiler never wrote its objects";
    ASSERT_EQ(objects_in(temps), 3);
    for (const auto& t : temps) {
      struct stat st {};
      ASSERT_EQ(stat(t.c_str(), &st), 0);
      EXPECT_EQ(st.st_mode & 0777, 0600u) << t;
    }
    kill(rt.pid(), SIGKILL);
  }
  compile_and_run();  // the next runtime on the folder removes what the dead one left
  EXPECT_EQ(temp_files(cache_ / "kernels"), std::vector<fs::path>{});
  EXPECT_EQ(objects(cache_).size(), 3u);
}

TEST_F(KernelCache, BrokenObjectsAreRebuiltNeverAnError) {
  compile_and_run();
  const auto good = objects(cache_);
  ASSERT_EQ(good.size(), 3u);
  std::map<std::string, uintmax_t> sizes;
  for (const auto& [path, mtime] : good) sizes[path] = fs::file_size(path);
  const std::vector<std::pair<std::string, std::function<void(const std::string&)>>> breakages = {
      {"empty", [](const std::string& p) { std::ofstream(p, std::ios::trunc); }},
      {"garbage", [&](const std::string& p) { std::ofstream(p, std::ios::trunc) << std::string(sizes[p], 'g'); }},
      {"truncated", [&](const std::string& p) { fs::resize_file(p, sizes[p] * 2 / 3); }},
      {"one byte changed", [&](const std::string& p) {
         std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
         f.seekg(static_cast<std::streamoff>(sizes[p] / 2));
         char c = 0;
         f.read(&c, 1);
         c = static_cast<char>(c ^ 0x01);
         f.seekp(static_cast<std::streamoff>(sizes[p] / 2));
         f.write(&c, 1);
       }},
      {"directory", [](const std::string& p) {
         fs::remove(p);
         fs::create_directories(fs::path(p) / "inside");
       }},
  };
  for (const auto& [name, do_break] : breakages) {
    const auto before = objects(cache_);
    for (const auto& [path, mtime] : before) do_break(path);
    compile_and_run();  // asserts every answer is ok
    const auto after = objects(cache_);
    for (const auto& [path, mtime] : good) {
      EXPECT_TRUE(fs::is_regular_file(path)) << name << ": " << path;
      EXPECT_EQ(fs::file_size(path), sizes[path]) << name << ": " << path;
      if (name != "directory") {
        EXPECT_NE(after.at(path), before.at(path)) << name << ": not rebuilt: " << path;
      }
    }
  }
}

TEST_F(KernelCache, AFolderUnderAParentOthersCanWriteIsRefusedWithWhatToDo) {
  const fs::path open_parent = cache_ / "open";
  fs::create_directories(open_parent);
  chmod(open_parent.c_str(), 0777);
  client::RuntimeProcess rt(runtime_options());
  const std::string init = R"({"cmd":"init","cache_dir":")" + (open_parent / "cache").string() + R"("})";
  std::string answer = rt.request(init, client::ErrorKind::kInitialization).line;
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  EXPECT_EQ(msg_of(answer), "kernel cache folder '" + (open_parent / "cache").string() + "' is not safe: '" +
                                open_parent.string() +
                                "' can be written by other users and is not sticky, so they could replace cached "
                                "kernels; choose a cache_dir inside a folder only you can write to, or run chmod o-w '" +
                                open_parent.string() + "'");
  chmod(open_parent.c_str(), 01777);  // sticky, as /tmp: accepted
  EXPECT_EQ(rt.request(init, client::ErrorKind::kInitialization).line, R"({"status":"ready"})");
}

TEST_F(KernelCache, AFallbackFolderIsUsedWhileTheRuntimeRunsAndRemovedWhenItExits) {
  fs::create_directories(cache_ / "kernels");
  chmod((cache_ / "kernels").c_str(), 0777);  // not private: the runtime makes its own in the temp folder
  const fs::path log = fs::temp_directory_path() / ("zyxtt-cache-log-" + std::to_string(getpid()));
  client::SpawnOptions options = runtime_options();
  options.stderr_path = log;
  fs::path fallback;
  {
    client::RuntimeProcess rt(options);
    ASSERT_EQ(rt.request(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})", client::ErrorKind::kInitialization)
                  .line,
              R"({"status":"ready"})");
    ASSERT_EQ(rt.request(compile_line(), client::ErrorKind::kKernelCompilation, payload(kTrivial)).line,
              R"({"status":"ok"})");
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, std::regex("using '([^']+)' until this runtime exits"))) << text;
    fallback = m[1].str();
    EXPECT_EQ(objects(fallback).size(), 3u);
  }  // EOF: the runtime exits
  fs::remove(log);
  EXPECT_FALSE(fs::exists(fallback)) << fallback;
}
