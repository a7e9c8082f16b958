// --trace / ZYX_TT_TRACE: the real runtime runs known programs and the
// Chrome trace it leaves at exit holds the tracks, spans, instants and
// flows those programs must produce.
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "scenario_support.h"
#include "trace_view.h"

using namespace zyxtt;
using namespace zyxtt::testing;
using nlohmann::json;

namespace {

constexpr double kRounding = 0.002;  // microseconds: timestamps carry three decimals

class Trace : public ScenarioTest {
 protected:
  // One host thread: the order in which cores block is the same every run.
  void SetUp() override {
    client::SpawnOptions options = runtime_options({"--threads", "1"});
    options.env = {{"ZYX_TT_TRACE", path_.string()}};
    start_with(options, ZYXTT_SCENARIO_CACHE_DIR);
  }
  void TearDown() override {
    ScenarioTest::TearDown();
    std::filesystem::remove(path_);
  }
  // Ends the runtime (the file is complete once it exited) and reads the trace.
  TraceView finish() {
    EXPECT_EQ(read(sentinel_, sentinel_bytes_.size()), sentinel_bytes_);
    runtime_.reset();
    return read_trace(path_);
  }
  // The semaphore barrier (semaphore_barrier/reader.cpp) on 1 x 2 cores.
  void run_barrier() {
    const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
    ASSERT_EQ(compile(3, scenario_kernels("semaphore_barrier"), cbs), R"({"status":"ok"})");
    const uint32_t params = alloc(64);
    std::vector<std::byte> p(64);
    const uint32_t rows = 1, cols = 2;
    std::memcpy(&p[0], &rows, 4);
    std::memcpy(&p[4], &cols, 4);
    write(params, p);
    const uint32_t out = alloc(2 * 4096);
    const uint32_t srcs[] = {params}, dsts[] = {out};
    ASSERT_EQ(run(3, rows, cols, srcs, dsts), R"({"status":"ok"})");
  }

  const std::filesystem::path path_ =
      std::filesystem::temp_directory_path() / ("zyxtt-trace-test-" + std::to_string(getpid()) + ".json");
};

double end_of(const json& e) { return e.at("ts").get<double>() + e.at("dur").get<double>(); }

TEST_F(Trace, ABarrierOnTwoCoresShowsItsKernelsWaitsPushesPopsAndNocWrites) {
  ASSERT_NO_FATAL_FAILURE(run_barrier());
  const TraceView t = finish();
  EXPECT_EQ(t.processes.at(0), "chip 0");

  // The run: its name and arguments.
  const std::vector<json> runs = t.in("X", "run");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(t.track(runs[0]), "runs");
  EXPECT_EQ(runs[0]["args"]["name"], "run of program 3 on 1x2 cores");
  const json& kernels = runs[0]["args"]["run"]["kernels"];
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0]["name"], "reader");
  EXPECT_EQ(kernels[0]["per_core_args"]["(x=1,y=0)"].size(), 3u);  // params, row, col

  // Three kernels on each core, each on its own core's track, each returned.
  std::map<std::string, json> kernel_on;
  for (const json& k : t.in("X", "kernel")) {
    EXPECT_TRUE(kernel_on.emplace(t.track(k), k).second) << "two kernels on " << t.track(k);
    EXPECT_EQ(k["args"]["returned"], true);
    EXPECT_NE(t.track(k).find(k["name"].get<std::string>()), std::string::npos) << k;
  }
  for (const char* track : {"core (x=0,y=0) reader", "core (x=0,y=0) compute", "core (x=0,y=0) writer",
                            "core (x=1,y=0) reader", "core (x=1,y=0) compute", "core (x=1,y=0) writer"})
    EXPECT_EQ(kernel_on.count(track), 1u) << track;
  EXPECT_EQ(kernel_on.size(), 6u);
  EXPECT_GE(runs[0]["ts"].get<double>(), 0.0);
  // The timeline is the timing model's: the run lasts its model time, the
  // wall clock is in the args.
  const int64_t cycles = runs[0]["args"]["model_cycles"].get<int64_t>();
  EXPECT_GT(cycles, 0);
  EXPECT_NEAR(runs[0]["dur"].get<double>(), cycles / 1350.0, kRounding);
  EXPECT_GT(runs[0]["args"]["wall_dur_us"].get<double>(), 0.0);
  for (const auto& [track, k] : kernel_on) {
    EXPECT_TRUE(k["args"].contains("wall_us")) << track;
    EXPECT_GE(k["ts"].get<double>(), runs[0]["ts"].get<double>() - kRounding) << track;
    EXPECT_LE(end_of(k), end_of(runs[0]) + kRounding) << track;
  }

  // One thread runs core (0,0) until all of it waits, then core (1,0): each
  // reader blocks on its semaphore, each compute and writer on its CB (the
  // waits only the model's clock saw are the next test's).
  std::map<std::string, std::vector<std::string>> waits;
  for (const json& w : t.in("X", "wait")) {
    const std::string track = t.track(w);
    if (!w["args"].value("model_only", false)) waits[track].push_back(w["name"]);
    ASSERT_EQ(kernel_on.count(track), 1u) << track;
    EXPECT_GE(w["ts"].get<double>(), kernel_on[track]["ts"].get<double>() - kRounding) << w;
    EXPECT_LE(end_of(w), end_of(kernel_on[track]) + kRounding) << w;
  }
  using V = std::vector<std::string>;
  EXPECT_EQ(waits["core (x=0,y=0) reader"], V{"noc_semaphore_wait"});
  EXPECT_EQ(waits["core (x=1,y=0) reader"], V{"noc_semaphore_wait_min"});
  for (const char* track : {"core (x=0,y=0) compute", "core (x=0,y=0) writer", "core (x=1,y=0) compute",
                            "core (x=1,y=0) writer"})
    EXPECT_EQ(waits[track], V{"cb_wait_front"}) << track;

  // One tile per core through c_0 (reader -> compute) and c_16 (compute -> writer).
  std::map<std::string, int> pushes, pops;
  for (const json& e : t.of("i", "cb_push_back")) pushes[t.track(e) + " cb " + e["args"]["cb"].dump()] += e["args"]["pages"].get<int>();
  for (const json& e : t.of("i", "cb_pop_front")) pops[t.track(e) + " cb " + e["args"]["cb"].dump()] += e["args"]["pages"].get<int>();
  for (const char* core : {"core (x=0,y=0)", "core (x=1,y=0)"}) {
    const std::string c = core;
    EXPECT_EQ(pushes[c + " reader cb 0"], 1) << core;
    EXPECT_EQ(pushes[c + " compute cb 16"], 1) << core;
    EXPECT_EQ(pops[c + " compute cb 0"], 1) << core;
    EXPECT_EQ(pops[c + " writer cb 16"], 1) << core;
  }
  EXPECT_EQ(pushes.size(), 4u);
  EXPECT_EQ(pops.size(), 4u);

  // Core (1,0) adds twice to core (0,0)'s semaphores, core (0,0) sets core
  // (1,0)'s: three flows, each from the writing kernel to the core written.
  const std::vector<json> starts = t.of("s"), ends = t.of("f");
  ASSERT_EQ(starts.size(), 3u);
  ASSERT_EQ(ends.size(), 3u);
  std::map<int64_t, std::string> from, to;
  for (const json& s : starts) from[s["id"].get<int64_t>()] = t.track(s);
  for (const json& f : ends) {
    to[f["id"].get<int64_t>()] = t.track(f);
    EXPECT_EQ(f["bp"], "e");
  }
  std::multiset<std::string> pairs;
  for (const auto& [id, source] : from) {
    ASSERT_EQ(to.count(id), 1u) << "flow " << id << " has no end";
    pairs.insert(source + " -> " + to[id]);
  }
  EXPECT_EQ(pairs, (std::multiset<std::string>{"core (x=1,y=0) reader -> core (x=0,y=0) NOC in",
                                                "core (x=1,y=0) reader -> core (x=0,y=0) NOC in",
                                                "core (x=0,y=0) reader -> core (x=1,y=0) NOC in"}));
  EXPECT_EQ(t.of("X", "noc_semaphore_inc").size(), 2u);
  EXPECT_EQ(t.of("X", "noc_async_write").size(), 1u);  // noc_semaphore_set_remote; the DRAM writes have no flow
}

// Waits the emulator never blocked in are spans on the model's clock: each
// NOC barrier that waited for its transfers to land, each CB wait whose
// page was pushed later on the model's clock than the waiter got there.
TEST_F(Trace, NocBarriersAndWaitsOnlyTheModelSawAreSpansOnTheModelClock) {
  expect_still_serves();  // classic_copy_f32 on one core: 8 tiles, each read and written with a barrier
  const TraceView t = finish();
  std::map<std::string, json> kernel_on;
  for (const json& k : t.in("X", "kernel")) kernel_on[t.track(k)] = k;
  std::map<std::string, int> barriers;
  int model_only_cb_waits = 0;
  for (const json& w : t.in("X", "wait")) {
    const std::string track = t.track(w), name = w["name"];
    ASSERT_EQ(kernel_on.count(track), 1u) << track;
    EXPECT_GE(w["ts"].get<double>(), kernel_on[track]["ts"].get<double>() - kRounding) << w;
    EXPECT_LE(end_of(w), end_of(kernel_on[track]) + kRounding) << w;
    if (!w["args"].value("model_only", false)) continue;
    EXPECT_GT(w["dur"].get<double>(), kRounding) << w;  // recorded only when the model's clock moved
    EXPECT_EQ(w["args"]["wall_dur_us"].get<double>(), 0.0) << w;
    if (name.ends_with("barrier")) {
      ++barriers[track + " " + name];
      EXPECT_EQ(w["args"]["noc"], track.ends_with("reader") ? 0 : 1) << w;  // each RISC's default NOC
    } else {
      EXPECT_TRUE(name == "cb_wait_front" || name == "cb_reserve_back") << w;
      ++model_only_cb_waits;
    }
  }
  // A DRAM read lands no sooner than the DRAM latency (680 cycles) after its barrier began.
  for (const json& w : t.of("X", "noc_async_read_barrier")) EXPECT_GE(w["dur"].get<double>(), 680 / 1350.0) << w;
  EXPECT_EQ(barriers, (std::map<std::string, int>{{"core (x=0,y=0) reader noc_async_read_barrier", 8},
                                                  {"core (x=0,y=0) writer noc_async_write_barrier", 8}}));
  EXPECT_GT(model_only_cb_waits, 0);
}

// Kernels that wait forever: compute on CB 0 (line 4), writer on CB 16 (line 2).
const Kernels kHang = {"void kernel_main() {}\n",
                       "#include \"api/compute/common.h\"\n#include \"api/debug/waypoint.h\"\n"
                       "void kernel_main() { WAYPOINT(\"CW\");\n  cb_wait_front(tt::CBIndex::c_0, 1);\n}\n",
                       "void kernel_main() {\n  cb_wait_front(tt::CBIndex::c_16, 1);\n}\n"};

// A deadlocked run's records reach the trace: its span carries the report,
// and each wait that never ended is there with its kernel line.
TEST_F(Trace, ADeadlockedRunIsTracedUpToTheHangWithTheBlockingLines) {
  const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
  ASSERT_EQ(compile(8, kHang, cbs), R"({"status":"ok"})");
  const uint32_t buf = alloc(4096);
  const uint32_t srcs[] = {buf}, dsts[] = {buf};
  const std::string answer = run(8, 1, 1, srcs, dsts);
  EXPECT_EQ(code_of(answer), "FAILED_PRECONDITION") << answer;
  const TraceView t = finish();
  const std::vector<json> runs = t.in("X", "run");
  ASSERT_EQ(runs.size(), 1u);
  const std::string error = runs[0]["args"].value("error", "");
  EXPECT_NE(error.find("deadlock"), std::string::npos) << error;
  EXPECT_NE(error.find("called at compute.cpp:4, last waypoint CW"), std::string::npos) << error;
  std::map<std::string, json> waits;
  for (const json& w : t.in("X", "wait")) waits[t.track(w)] = w;
  ASSERT_EQ(waits.count("core (x=0,y=0) compute"), 1u);
  EXPECT_EQ(waits["core (x=0,y=0) compute"]["args"]["line"], 4);
  EXPECT_EQ(waits["core (x=0,y=0) compute"]["args"]["cb"], 0);
  ASSERT_EQ(waits.count("core (x=0,y=0) writer"), 1u);
  EXPECT_EQ(waits["core (x=0,y=0) writer"]["args"]["line"], 2);
  for (const json& k : t.in("X", "kernel"))
    EXPECT_EQ(k["args"]["returned"], k["name"] == "reader") << k;
}

// A run the watchdog stops still has its span, with the watchdog's report,
// and what its cores recorded up to the kill: the kernels that returned.
TEST_F(Trace, ARunTheWatchdogStopsIsTracedWithItsReportAndItsRecordsUpToTheKill) {
  runtime_.reset();
  client::SpawnOptions options = runtime_options({"--threads", "1", "--run-timeout", "1"});
  options.env = {{"ZYX_TT_TRACE", path_.string()}};
  start_with(options, ZYXTT_SCENARIO_CACHE_DIR);
  const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
  const Kernels spin = {"void kernel_main() {}\n",
                        "#include \"api/debug/waypoint.h\"\nvoid kernel_main() { WAYPOINT(\"SPIN\"); for (;;) {} }\n",
                        "void kernel_main() {}\n"};
  ASSERT_EQ(compile(9, spin, cbs), R"({"status":"ok"})");
  const uint32_t buf = alloc(4096);
  const uint32_t srcs[] = {buf}, dsts[] = {buf};
  EXPECT_EQ(code_of(run(9, 1, 1, srcs, dsts)), "DEADLINE_EXCEEDED");
  const TraceView t = finish();
  const std::vector<json> runs = t.in("X", "run");
  ASSERT_EQ(runs.size(), 1u);
  const std::string error = runs[0]["args"].value("error", "");
  EXPECT_NE(error.find("watchdog"), std::string::npos) << error;
  EXPECT_NE(error.find("core (x=0, y=0) compute (last waypoint SPIN) was running"), std::string::npos) << error;
  std::set<std::string> returned;
  for (const json& k : t.in("X", "kernel")) {
    EXPECT_EQ(k["args"]["returned"], true) << k;  // the spinning compute never ended: no span
    returned.insert(t.track(k));
  }
  EXPECT_EQ(returned, (std::set<std::string>{"core (x=0,y=0) reader", "core (x=0,y=0) writer"}));
}

// The flag works as the variable; each run is its own span, the runs' events
// add up.
TEST_F(Trace, TheFlagTracesEveryRunOfTheSession) {
  runtime_.reset();
  start_with(runtime_options({"--trace", path_.string()}), ZYXTT_SCENARIO_CACHE_DIR);
  expect_still_serves();  // classic_copy_f32 on one core: 8 tiles
  const uint32_t in = alloc(8 * 4096), out = alloc(8 * 4096);
  const uint32_t srcs[] = {in}, dsts[] = {out};
  ASSERT_EQ(run(900, 1, 1, srcs, dsts), R"({"status":"ok"})");
  const TraceView t = finish();
  EXPECT_EQ(t.in("X", "run").size(), 2u);
  EXPECT_EQ(t.in("X", "kernel").size(), 6u);
  int pushed = 0, popped = 0;
  for (const json& e : t.of("i", "cb_push_back")) pushed += e["args"]["pages"].get<int>();
  for (const json& e : t.of("i", "cb_pop_front")) popped += e["args"]["pages"].get<int>();
  EXPECT_EQ(pushed, 2 * 2 * 8);  // two runs, two CBs, eight tiles
  EXPECT_EQ(popped, pushed);
  EXPECT_TRUE(t.of("s").empty());  // nothing lands in another core's L1
}

}  // namespace
