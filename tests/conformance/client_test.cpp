// The client library's process handling: waiting rules, typed errors, its
// own child only.
#include <signal.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>

#include "mixed_bits.h"
#include "runtime_fixture.h"
#include "scenario_programs.h"

using namespace zyxtt;
using namespace zyxtt::testing;

namespace {

client::SpawnOptions shell(const std::string& script, int timeout_ms = 30000) {
  client::SpawnOptions options;
  options.program = "/bin/sh";
  options.args = {"-c", script};
  options.timeout_ms = timeout_ms;
  return options;
}

template <typename Fn>
client::Error error_of(Fn&& fn) {
  try {
    fn();
  } catch (const client::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no client::Error";
  return client::Error(client::ErrorKind::kInitialization, "none");
}

}  // namespace

TEST(Client, RuntimePathFollowsXdgRule) {
  const char* saved_xdg = std::getenv("XDG_CONFIG_HOME");
  std::string saved = saved_xdg ? saved_xdg : "";
  setenv("XDG_CONFIG_HOME", "/opt/cfg", 1);
  EXPECT_EQ(client::default_runtime_path(), "/opt/cfg/zyx/zyx-tt-runtime");
  EXPECT_EQ(client::default_cache_dir(), "/opt/cfg/zyx/cache/tt");
  setenv("XDG_CONFIG_HOME", "relative/path", 1);  // not absolute: ignored
  EXPECT_EQ(client::default_runtime_path(), std::string(std::getenv("HOME")) + "/.config/zyx/zyx-tt-runtime");
  if (saved_xdg) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  else unsetenv("XDG_CONFIG_HOME");
}

TEST(Client, SkipsNonJsonLinesBeforeTheAnswer) {
  client::RuntimeProcess p(shell("read l; echo 'UMD: noise'; echo '# keep-alive'; echo '{\"status\":\"ok\"}'; sleep 1"));
  client::Answer a = p.request("{}", client::ErrorKind::kKernelLaunch);
  EXPECT_EQ(a.line, R"({"status":"ok"})");
  ASSERT_EQ(p.skipped_lines().size(), 2u);
  EXPECT_EQ(p.skipped_lines()[0].text, "UMD: noise");
}

TEST(Client, DetectsAChildThatExits) {
  client::RuntimeProcess p(shell("read l; exit 3"));
  client::Error e = error_of([&] { p.request("{}", client::ErrorKind::kMemoryAllocation); });
  EXPECT_EQ(e.kind(), client::ErrorKind::kMemoryAllocation);
  EXPECT_NE(std::string(e.what()).find("exited unexpectedly"), std::string::npos);
}

// A runtime that left before a command reached it (one stops at start on an
// option it refuses) costs an error of the command's kind naming its exit,
// never a SIGPIPE, which would end this whole program. A payload too.
TEST(Client, AChildGoneBeforeTheCommandIsWrittenIsAnErrorNotASignal) {
  for (const std::string& payload : {std::string(), std::string(1 << 20, 'x')}) {
    client::RuntimeProcess p(shell("exit 3"));
    ASSERT_TRUE(p.wait_exit(5000));
    client::Error e = error_of([&] { p.request("{}", client::ErrorKind::kInitialization, payload); });
    EXPECT_EQ(e.kind(), client::ErrorKind::kInitialization);
    EXPECT_NE(std::string(e.what()).find("exited unexpectedly (status 768)"), std::string::npos) << e.what();
  }
}

TEST(Client, TimesOutWhenNoAnswerComes) {
  client::RuntimeProcess p(shell("exec sleep 30", 300));
  client::Error e = error_of([&] { p.request("{}", client::ErrorKind::kKernelLaunch); });
  EXPECT_NE(std::string(e.what()).find("read timeout after 300ms"), std::string::npos);
}

TEST(Client, RuntimeErrorsAreTypedWithTheirCode) {
  client::Runtime rt(runtime_options());
  rt.init(cache_dir_for_tests());
  client::Error e = error_of([&] { rt.free_buf(99); });
  EXPECT_EQ(e.kind(), client::ErrorKind::kMemoryAllocation);
  EXPECT_EQ(e.runtime_code(), "NOT_FOUND");
  EXPECT_NE(std::string(e.what()).find("free_buf error: free_buf: buffer index 99 is not allocated"),
            std::string::npos);
  client::Error c = error_of([&] { rt.run(42, {}, {}, 1, 1); });
  EXPECT_EQ(c.kind(), client::ErrorKind::kKernelLaunch);
}

TEST(Client, DestructorEndsItsOwnChildOnly) {
  pid_t pid;
  {
    client::RuntimeProcess p(runtime_options());
    pid = p.pid();
    EXPECT_EQ(kill(pid, 0), 0);
  }
  EXPECT_NE(kill(pid, 0), 0) << "child still alive after the destructor";
}

// A stand-in runtime whose grid is not 10 x 12: the device info must come
// from its answer, not from an assumption.
TEST(Client, DeviceInfoAsksTheRuntimeForTheGrid) {
  const std::string log = ::testing::TempDir() + "zyxtt-grid-client-" + std::to_string(getpid());
  client::Session session(shell("while read -r line; do echo \"$line\" >> " + log +
                                "; case \"$line\" in *init*) echo '{\"status\":\"ready\"}';; "
                                "*grid*) echo '{\"status\":\"ok\",\"rows\":\"7\",\"cols\":\"9\"}';; esac; done"),
                          "/tmp/unused-cache");
  EXPECT_EQ(session.device.info().grid_rows, 7u);
  EXPECT_EQ(session.device.info().grid_cols, 9u);
  std::ifstream in(log);
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  EXPECT_EQ(second, R"({"cmd":"grid"})");
  std::filesystem::remove(log);
}

// A session names the chip it wants; the real runtime serves that chip of
// the cluster a tt-umd descriptor describes (chip 1: three columns harvested).
TEST(Client, ASessionNamesItsDevice) {
  const std::filesystem::path desc =
      std::filesystem::temp_directory_path() / ("zyxtt-client-cluster-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(desc) << "arch: {0: blackhole, 1: blackhole}\nchips_with_mmio: [{0: 0}, {1: 1}]\n"
                         "harvesting: {0: {harvest_mask: 3}, 1: {harvest_mask: 7}}\n"
                         "boards: [[{board_type: p150}, {chips: [0]}], [{board_type: p150}, {chips: [1]}]]\n";
  client::SpawnOptions options = runtime_options();
  options.env.emplace_back("TT_METAL_MOCK_CLUSTER_DESC_PATH", desc.string());
  options.device_id = 1;
  {
    client::Session session(options, cache_dir_for_tests());
    EXPECT_EQ(session.device.info().grid_rows, 10u);
    EXPECT_EQ(session.device.info().grid_cols, 11u);
  }
  options.device_id = 0;
  {
    client::Session session(options, cache_dir_for_tests());
    EXPECT_EQ(session.device.info().grid_cols, 12u);
  }
  std::filesystem::remove(desc);
}

// A session names the cluster and the chip: chip 1 of a P300 adds on 2 x 12
// cores what the host adds, a Galaxy chip has 13 columns, and a chip the
// cluster lacks fails the session's start, naming the chips there are.
TEST(Client, ASessionNamesItsClusterAndChip) {
  client::SpawnOptions options = runtime_options();
  options.cluster = "p300";
  options.device_id = 1;
  client::Session session(options, cache_dir_for_tests());
  EXPECT_EQ(session.device.info().grid_rows, 10u);
  EXPECT_EQ(session.device.info().grid_cols, 12u);

  // tests/scenarios/accessor_add_f32: 7 tiles per core, core (row, col) at
  // slot row * 12 + col; with whole rows every slot is a core's.
  constexpr uint32_t kRows = 2, kCols = 12, kElements = kRows * kCols * 7 * 1024;
  const Kernels k = read_kernels(std::filesystem::path(ZYXTT_SCENARIO_DIR) / "accessor_add_f32");
  const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {1, client::CbFormat::kFloat32},
                                  {16, client::CbFormat::kFloat32}};
  const client::ProgramId add = session.device.compile(k.reader, k.compute, k.writer, cbs, 2, 1, kRows, kCols);
  std::vector<float> a(kElements), b(kElements), sum(kElements, -1.0f);
  for (uint32_t i = 0; i < kElements; ++i) {  // multiples of 1/8 and 1/16: the sums are exact
    a[i] = static_cast<float>(int(mix(2 * i) % 1024) - 512) / 8;
    b[i] = static_cast<float>(int(mix(2 * i + 1) % 1024) - 512) / 16;
  }
  const client::BufferId in_a = session.pool.allocate(kElements * 4), in_b = session.pool.allocate(kElements * 4),
                         out = session.pool.allocate(kElements * 4);
  session.pool.host_to_pool(std::as_bytes(std::span(a)), in_a);
  session.pool.host_to_pool(std::as_bytes(std::span(b)), in_b);
  session.pool.host_to_pool(std::as_bytes(std::span(sum)), out);
  const client::BufferId buffers[] = {in_a, in_b, out};
  session.device.launch(add, session.pool, buffers);
  session.pool.pool_to_host(out, std::as_writable_bytes(std::span(sum)));
  for (uint32_t i = 0; i < kElements; ++i) ASSERT_EQ(sum[i], a[i] + b[i]) << "element " << i;

  client::SpawnOptions galaxy = runtime_options();
  galaxy.cluster = "galaxy";
  galaxy.device_id = 31;
  EXPECT_EQ(client::Session(galaxy, cache_dir_for_tests()).device.info().grid_cols, 13u);

  options.device_id = 2;
  options.stderr_path = ::testing::TempDir() + "zyxtt-client-chip-" + std::to_string(getpid());
  const client::Error missing = error_of([&] { client::Session(options, cache_dir_for_tests()); });
  EXPECT_EQ(missing.kind(), client::ErrorKind::kInitialization);
  // The emulator stops at start ("cluster p300 has chips 0 to 1" on stderr);
  // with --device metal init answers the error ("ids 0 to 1").
  const std::string said = std::string(missing.what()) + "\n" + read_text(options.stderr_path);
  EXPECT_NE(said.find(" 0 to 1"), std::string::npos) << said;
  std::filesystem::remove(options.stderr_path);
}

TEST(Client, DeviceCompilesAndLaunchesThroughTheProtocol) {
  client::Session session(runtime_options(), cache_dir_for_tests());
  EXPECT_EQ(session.device.info().grid_rows, 10u);
  EXPECT_EQ(session.device.info().grid_cols, 12u);
  EXPECT_EQ(session.device.info().local_mem_size, 1'500'000u);
  const std::string src = "void kernel_main() {}\n";
  client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}};
  client::ProgramId prog = session.device.compile(src, src, src, cbs, 1, 1);
  client::BufferId in = session.pool.allocate(4096), out = session.pool.allocate(4096);
  client::BufferId args[] = {in};
  client::Error few = error_of([&] { session.device.launch(prog, session.pool, args); });
  EXPECT_NE(std::string(few.what()).find("expected 2 buffers, got 1"), std::string::npos);
  client::BufferId both[] = {in, out};
  session.device.launch(prog, session.pool, both);  // kernels that do nothing run
  client::Error broken = error_of([&] {
    session.device.compile("void kernel_main() { nope(); }\n", src, src, cbs, 1, 1);
  });
  EXPECT_EQ(broken.kind(), client::ErrorKind::kKernelCompilation);
  EXPECT_EQ(broken.runtime_code(), "INVALID_ARGUMENT");
  EXPECT_NE(std::string(broken.what()).find("reader.cpp:1:"), std::string::npos) << broken.what();
}
