// The trace writer alone: names the JSON must escape, the tracks and flows a
// record becomes, and a file that parses once closed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <vector>

#include "common/error.h"
#include "device/emu/trace/trace_file.h"
#include "trace_view.h"

using namespace zyxtt::emu;
using zyxtt::testing::read_trace;
using zyxtt::testing::TraceView;

namespace {

class TraceFileTest : public ::testing::Test {
 protected:
  void TearDown() override { std::filesystem::remove(path_); }
  const std::filesystem::path path_ =
      std::filesystem::temp_directory_path() / ("zyxtt-trace-file-test-" + std::to_string(getpid()) + ".json");
};

TEST_F(TraceFileTest, KernelAndRunNamesWithQuotesBackslashesAndControlsAreEscaped) {
  const std::string kernel = "kernels/\"quoted\" \\path\\ \n\ttab.cpp";
  const std::string what = "run of \"my\" program";
  {
    TraceFile file(path_.string());
    TracedRun run;
    run.chip = 2;
    run.name = what;
    run.kernels = {kernel};
    run.args_json = R"({"program":1})";
    run.error = "bad \"thing\"";
    const uint64_t t0 = trace_now();
    run.begin_ns = t0;
    run.end_ns = t0 + 5000;
    run.model_cycles = 13500;  // 10 us at 1.35 GHz
    // Model clock 1..7 us for a kernel that took 3 us of wall time.
    const TraceRecord records[] = {
        {.begin_ns = t0 + 1000, .end_ns = t0 + 4000, .model_begin = 1350, .model_end = 9450, .a = 0, .x = 1, .y = 2,
         .kind = TraceKind::kKernel, .role = 2},
        {.begin_ns = t0 + 2000, .end_ns = t0 + 2000, .model_begin = 2700, .model_end = 2700, .a = 16, .b = 1, .x = 1,
         .y = 2, .kind = TraceKind::kPush, .role = 2}};
    file.append(run, records);
  }
  const TraceView t = read_trace(path_);
  EXPECT_EQ(t.processes.at(2), "chip 2");
  const auto kernels = t.in("X", "kernel");
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0]["name"], kernel);
  EXPECT_EQ(t.track(kernels[0]), "core (x=1,y=2) compute");
  // The model's clock is the timeline; the wall clock rides along in the args.
  EXPECT_DOUBLE_EQ(kernels[0]["dur"].get<double>(), 6.0);
  EXPECT_DOUBLE_EQ(kernels[0]["args"]["wall_dur_us"].get<double>(), 3.0);
  const auto runs = t.in("X", "run");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(runs[0]["dur"].get<double>(), 10.0);
  EXPECT_EQ(runs[0]["args"]["model_cycles"], 13500);
  EXPECT_DOUBLE_EQ(runs[0]["args"]["wall_dur_us"].get<double>(), 5.0);
  EXPECT_EQ(runs[0]["name"], what);
  EXPECT_EQ(runs[0]["args"]["error"], "bad \"thing\"");
  EXPECT_EQ(runs[0]["args"]["run"]["program"], 1);
  ASSERT_EQ(t.of("i", "cb_push_back").size(), 1u);
  EXPECT_DOUBLE_EQ(t.of("i", "cb_push_back")[0]["ts"].get<double>() - runs[0]["ts"].get<double>(), 2.0);
}

TEST_F(TraceFileTest, ANocWriteIsASpanAtEachEndJoinedByAFlow) {
  {
    TraceFile file(path_.string());
    TracedRun run;
    run.args_json = "{}";
    const uint64_t t0 = trace_now();
    run.begin_ns = t0;
    run.end_ns = t0 + 10000;
    const TraceRecord writes[] = {
        {.begin_ns = t0 + 100, .end_ns = t0 + 200, .a = 4, .x = 0, .y = 0, .to_x = 3, .to_y = 1,
         .kind = TraceKind::kNocWrite, .role = 1},
        {.begin_ns = t0 + 300, .end_ns = t0 + 300, .a = 4, .x = 0, .y = 0, .to_x = 3, .to_y = 1,
         .kind = TraceKind::kNocAtomic, .role = 1}};
    file.append(run, writes);
    file.append(run, writes);  // a second run: its flows get ids of their own, tracks are named once
  }
  const TraceView t = read_trace(path_);
  const auto starts = t.of("s"), ends = t.of("f");
  ASSERT_EQ(starts.size(), 4u);
  ASSERT_EQ(ends.size(), 4u);
  std::set<int64_t> ids;
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(starts[i]["id"], ends[i]["id"]);
    ids.insert(starts[i]["id"].get<int64_t>());
    EXPECT_EQ(t.track(starts[i]), "core (x=0,y=0) writer");
    EXPECT_EQ(t.track(ends[i]), "core (x=3,y=1) NOC in");
  }
  EXPECT_EQ(ids.size(), 4u);
  EXPECT_EQ(t.of("X", "noc_async_write").size(), 2u);
  EXPECT_EQ(t.of("X", "noc_semaphore_inc in").size(), 2u);
  EXPECT_EQ(t.of("M", "thread_name").size(), 3u);  // runs, the writer, the NOC-in track
}

// Records count from their run's start; runs sit where they began on their chip's clock.
TEST_F(TraceFileTest, AChipsRunsFollowOneAnotherOnTheModelClock) {
  {
    TraceFile file(path_.string());
    TracedRun run;
    run.args_json = "{}";
    run.model_cycles = 2700;  // 2 us
    const TraceRecord push[] = {{.model_begin = 1350, .model_end = 1350, .a = 0, .b = 1, .kind = TraceKind::kPush}};
    file.append(run, push);
    run.model_begin = 2700;
    file.append(run, push);
    run.chip = 1;
    run.model_begin = 0;
    file.append(run, push);
  }
  const TraceView t = read_trace(path_);
  std::vector<double> starts;
  for (const auto& r : t.in("X", "run")) starts.push_back(r["ts"].get<double>());
  EXPECT_EQ(starts, (std::vector<double>{0.0, 2.0, 0.0}));
  std::vector<double> pushes;
  for (const auto& e : t.of("i", "cb_push_back")) pushes.push_back(e["ts"].get<double>());
  EXPECT_EQ(pushes, (std::vector<double>{1.0, 3.0, 1.0}));
}

TEST_F(TraceFileTest, OneFileServesEveryChipOfAProcessAndClosesWhenTheLastLetsGo) {
  std::shared_ptr<TraceFile> a = TraceFile::open(path_.string());
  std::shared_ptr<TraceFile> b = TraceFile::open(path_.string());
  EXPECT_EQ(a, b);
  a.reset();
  EXPECT_THROW(read_trace(path_), nlohmann::json::parse_error);  // still open: no closing bracket yet
  b.reset();
  EXPECT_TRUE(read_trace(path_).events.empty());
}

TEST_F(TraceFileTest, AFileThatCannotBeCreatedIsAnError) {
  EXPECT_THROW(TraceFile("/nonexistent-folder/trace.json"), zyxtt::Error);
}

}  // namespace
