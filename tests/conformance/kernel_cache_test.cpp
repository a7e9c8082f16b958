// The on-disk kernel cache seen from outside: a second runtime reuses the
// objects, and a runtime killed mid-compile leaves nothing half-written.
#include <signal.h>
#include <sys/stat.h>

#include <map>
#include <thread>

#include "runtime_fixture.h"

using namespace zyxtt;
using namespace zyxtt::testing;
namespace fs = std::filesystem;

namespace {

const std::string kReader = "void kernel_main() { uint32_t a = get_arg_val<uint32_t>(0); (void)a; }\n";
const std::string kCompute = "#include \"api/compute/common.h\"\nvoid kernel_main() {}\n";
const std::string kWriter = "void kernel_main() { uint32_t b = get_arg_val<uint32_t>(0); (void)b; }\n";

std::string compile_line() {
  return R"({"cmd":"compile_program","id":1,"reader_source_len":)" + std::to_string(kReader.size()) +
         R"(,"compute_source_len":)" + std::to_string(kCompute.size()) + R"(,"writer_source_len":)" +
         std::to_string(kWriter.size()) + R"(,"n_cbs":1,"cb_idx0":0,"cb_fmt0":0,"cb_tb0":4096})";
}

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
  void compile_and_run() {
    client::RuntimeProcess rt(runtime_options());
    auto ask = [&](const std::string& line, std::string_view payload = {}) {
      return rt.request(line, client::ErrorKind::kKernelLaunch, payload).line;
    };
    ASSERT_EQ(ask(R"({"cmd":"init","cache_dir":")" + cache_.string() + R"("})"), R"({"status":"ready"})");
    std::string in = ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})");
    std::string out = ask(R"({"cmd":"alloc_buf","size":4096,"tile_bytes":2048})");
    ASSERT_EQ(ask(compile_line(), kReader + kCompute + kWriter), R"({"status":"ok"})");
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
      rt.send(compile_line(), kReader + kCompute + kWriter);
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(rt.pid(), SIGKILL);  // as zyx's pkill -9 would
    }
    compile_and_run();  // whatever was left, the next runtime compiles and runs
  }
}
