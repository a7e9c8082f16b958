// zyx-tt-trace's reading of a trace (trace_report/trace_summary.h) and its
// page (html_report.h), against a hand-made trace whose sums are known.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "trace_report/html_report.h"
#include "trace_report/trace_summary.h"

using namespace zyxtt::trace_report;
using nlohmann::json;

namespace {

json thread_name(int tid, const char* name) {
  return {{"ph", "M"}, {"name", "thread_name"}, {"pid", 0}, {"tid", tid}, {"args", {{"name", name}}}};
}
json span(int tid, const char* cat, const char* name, double ts, double dur, json args = json::object()) {
  return {{"ph", "X"}, {"cat", cat}, {"name", name}, {"pid", 0}, {"tid", tid}, {"ts", ts}, {"dur", dur}, {"args", args}};
}

// Core (0,0): reader and compute each run 100 us; the reader waits 30 on a
// CB and 10 on a semaphore, the compute 40 on a CB. Core (1,0): a reader of
// 50 us that waits 5 on a mailbox. Two runs, the second failed.
json hand_made() {
  json events = json::array({
      thread_name(0, "runs"),
      thread_name(5, "core (x=0,y=0) reader"),
      thread_name(6, "core (x=0,y=0) compute"),
      thread_name(9, "core (x=1,y=0) reader"),
      span(0, "run", "r1", 0, 100, {{"name", "run one"}}),
      span(0, "run", "r2", 200, 50, {{"name", "run two"}, {"error", "deadlock: no kernel can make progress"}}),
      span(5, "kernel", "reader", 0, 100),
      span(5, "wait", "cb_reserve_back", 10, 30, {{"cb", 0}, {"pages", 1}, {"line", 12}}),
      span(5, "wait", "noc_semaphore_wait", 50, 10, {{"l1_offset", 64}, {"value", 1}, {"line", 20}}),
      span(5, "noc", "noc_async_write", 70, 1, {{"bytes", 4}}),
      span(6, "kernel", "compute", 0, 100),
      span(6, "wait", "cb_wait_front", 0, 40, {{"cb", 0}, {"pages", 1}, {"line", 7}}),
      span(9, "kernel", "reader", 0, 50),
      span(9, "wait", "mailbox_read", 5, 5, {{"sender", "reader"}}),
      {{"ph", "i"}, {"name", "cb_push_back"}, {"pid", 0}, {"tid", 5}, {"ts", 41}, {"s", "t"}},
  });
  return {{"otherData", {{"clock", "model clock"}}}, {"traceEvents", events}};
}

TEST(TraceReport, CoresTimeSplitsIntoBusyCbWaitsAndOtherWaits) {
  const Summary s = summarize(hand_made());
  ASSERT_EQ(s.cores.size(), 2u);
  const CoreUse& c0 = s.cores[0];
  EXPECT_EQ(c0.x, 0u);
  EXPECT_DOUBLE_EQ(c0.kernel_us, 200);
  EXPECT_DOUBLE_EQ(c0.cb_wait_us, 70);
  EXPECT_DOUBLE_EQ(c0.sync_wait_us, 10);
  EXPECT_DOUBLE_EQ(c0.busy(), 0.6);
  EXPECT_DOUBLE_EQ(c0.cb(), 0.35);
  EXPECT_DOUBLE_EQ(c0.sync(), 0.05);
  const CoreUse& c1 = s.cores[1];
  EXPECT_EQ(c1.x, 1u);
  EXPECT_DOUBLE_EQ(c1.busy(), 0.9);
  EXPECT_DOUBLE_EQ(c1.cb(), 0.0);
  EXPECT_DOUBLE_EQ(c1.sync(), 0.1);
}

TEST(TraceReport, LongestWaitsComeFirstWithCoreCbKernelAndLine) {
  const Summary s = summarize(hand_made(), 3);
  ASSERT_EQ(s.longest.size(), 3u);
  EXPECT_EQ(s.longest[0].call, "cb_wait_front");
  EXPECT_DOUBLE_EQ(s.longest[0].dur, 40);
  EXPECT_EQ(s.longest[0].lane, "compute");
  EXPECT_EQ(s.longest[0].kernel, "compute");
  EXPECT_EQ(s.longest[0].cb, 0);
  EXPECT_EQ(s.longest[0].line, 7u);
  EXPECT_EQ(s.longest[1].call, "cb_reserve_back");
  EXPECT_EQ(s.longest[1].line, 12u);
  EXPECT_EQ(s.longest[2].call, "noc_semaphore_wait");
  EXPECT_EQ(s.longest[2].cb, -1);
  EXPECT_EQ(s.longest[2].kernel, "reader");
}

TEST(TraceReport, RunsClockAndTracksAreRead) {
  const Summary s = summarize(hand_made());
  EXPECT_EQ(s.clock, "model clock");
  ASSERT_EQ(s.runs.size(), 2u);
  EXPECT_EQ(s.runs[0].name, "run one");
  EXPECT_EQ(s.runs[1].error, "deadlock: no kernel can make progress");
  EXPECT_DOUBLE_EQ(s.run_time_us(), 150);
  EXPECT_DOUBLE_EQ(s.begin, 0);
  EXPECT_DOUBLE_EQ(s.end, 100);  // the kernels' extent; the runs' spans reach 250
  // The runs track first, then core (0,0)'s reader before its compute, then core (1,0).
  ASSERT_EQ(s.tracks.size(), 4u);
  EXPECT_FALSE(s.tracks[0].is_core);
  EXPECT_EQ(s.tracks[1].lane, "reader");
  EXPECT_EQ(s.tracks[2].lane, "compute");
  EXPECT_EQ(s.tracks[3].x, 1u);
  EXPECT_EQ(s.tracks[1].spans.size(), 4u);  // kernel, two waits, a NOC write
}

TEST(TraceReport, AFileLeftWithoutItsClosingBracketsIsReadAsFarAsItGoes) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("zyxtt-report-test-" + std::to_string(getpid()) + ".json");
  std::string text = hand_made().dump();
  ASSERT_EQ(text.substr(text.size() - 2), "]}");
  text.resize(text.size() - 2);
  std::ofstream(path) << text;
  const Summary s = summarize_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(s.runs.size(), 2u);
  EXPECT_EQ(s.longest.size(), 4u);
  EXPECT_THROW(summarize(json::object()), std::runtime_error);
}

TEST(TraceReport, ThePageHoldsTheChartTheGridTheWaitsAndNoOutsideResources) {
  json trace = hand_made();
  trace["traceEvents"].push_back(span(0, "run", "r3", 300, 10, {{"name", "<run & co>"}}));
  const std::string page = html_report(summarize(trace), "t.json");
  EXPECT_NE(page.find("<svg id=\"gantt\""), std::string::npos);
  EXPECT_NE(page.find("fill=\"#fd8d3c\""), std::string::npos);  // a CB wait drawn
  EXPECT_NE(page.find("data-mode=\"cb\""), std::string::npos);
  EXPECT_NE(page.find("core (x=0,y=0): busy 60%"), std::string::npos);
  EXPECT_NE(page.find("<td>cb_wait_front</td>"), std::string::npos);
  EXPECT_NE(page.find("&lt;run &amp; co&gt;"), std::string::npos);
  EXPECT_EQ(page.find("<run & co>"), std::string::npos);
  EXPECT_NE(page.find("model clock"), std::string::npos);
  // Self-contained: nothing is fetched.
  EXPECT_EQ(page.find("src="), std::string::npos);
  EXPECT_EQ(page.find("href="), std::string::npos);
  EXPECT_EQ(page.find("http"), std::string::npos);
}

}  // namespace
