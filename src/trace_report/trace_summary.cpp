#include "trace_report/trace_summary.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace zyxtt::trace_report {
namespace {

using nlohmann::json;

// "core (x=1,y=2) reader" -> x, y, lane.
bool parse_core_track(const std::string& name, Track& t) {
  unsigned x = 0, y = 0;
  int used = 0;
  if (std::sscanf(name.c_str(), "core (x=%u,y=%u) %n", &x, &y, &used) != 2 || used == 0) return false;
  t.is_core = true;
  t.x = x;
  t.y = y;
  t.lane = name.substr(static_cast<size_t>(used));
  return true;
}

int lane_order(const std::string& lane) {
  if (lane == "reader") return 0;
  if (lane == "compute") return 1;
  if (lane == "writer") return 2;
  return 3;
}

SpanKind kind_of(const std::string& cat, const std::string& name) {
  if (cat == "wait") return name == "cb_wait_front" || name == "cb_reserve_back" ? SpanKind::kCbWait : SpanKind::kSyncWait;
  if (cat == "noc") return SpanKind::kNoc;
  return SpanKind::kKernel;
}

double number(const json& e, const char* key) {
  auto it = e.find(key);
  return it != e.end() && it->is_number() ? it->get<double>() : 0.0;
}

}  // namespace

Summary summarize(const json& trace, size_t longest_waits) {
  if (!trace.is_object() || !trace.contains("traceEvents") || !trace["traceEvents"].is_array())
    throw std::runtime_error("not a trace: no traceEvents array");
  Summary s;
  if (auto other = trace.find("otherData"); other != trace.end() && other->is_object())
    s.clock = other->value("clock", "");

  std::map<std::pair<int64_t, int64_t>, Track> tracks;
  auto track = [&](int64_t chip, int64_t tid) -> Track& {
    Track& t = tracks[{chip, tid}];
    t.chip = chip;
    t.tid = tid;
    return t;
  };
  struct Pending {
    int64_t chip, tid;
    Span span;
    int64_t cb;
    uint32_t line;
  };
  std::vector<Pending> waits;
  bool any = false;
  s.begin = 0;
  s.end = 0;
  for (const json& e : trace["traceEvents"]) {
    if (!e.is_object()) continue;
    const std::string ph = e.value("ph", "");
    const int64_t chip = e.value("pid", int64_t{0});
    const int64_t tid = e.value("tid", int64_t{0});
    if (ph == "M" && e.value("name", "") == "thread_name") {
      Track& t = track(chip, tid);
      t.name = e.at("args").value("name", "");
      parse_core_track(t.name, t);
      continue;
    }
    if (ph != "X") continue;
    const std::string cat = e.value("cat", ""), name = e.value("name", "");
    const json args = e.value("args", json::object());
    Span span{number(e, "ts"), number(e, "dur"), name, kind_of(cat, name)};
    // The kernels' extent: a run's span also holds loading its kernels, and
    // the chip's dispatch and host transfers (`host`) lie outside its kernels.
    if (cat != "run" && cat != "host") {
      s.begin = any ? std::min(s.begin, span.ts) : span.ts;
      s.end = any ? std::max(s.end, span.ts + span.dur) : span.ts + span.dur;
      any = true;
    }
    if (cat == "run") {
      s.runs.push_back({chip, args.value("name", name), args.value("error", ""), span.ts, span.dur});
      track(chip, tid);
      continue;
    }
    if (cat != "kernel" && cat != "wait" && cat != "noc") continue;
    if (cat == "wait")
      waits.push_back({chip, tid, span, args.value("cb", int64_t{-1}), args.value("line", uint32_t{0})});
    track(chip, tid).spans.push_back(std::move(span));
  }

  if (!any) {
    for (const RunSpan& r : s.runs) {
      s.begin = any ? std::min(s.begin, r.ts) : r.ts;
      s.end = any ? std::max(s.end, r.ts + r.dur) : r.ts + r.dur;
      any = true;
    }
  }
  for (auto& [key, t] : tracks) {
    std::sort(t.spans.begin(), t.spans.end(), [](const Span& a, const Span& b) { return a.ts < b.ts; });
    s.tracks.push_back(t);
  }
  // Chips in order; in a chip, the runs track, then cores row by row, lanes in data-flow order.
  std::sort(s.tracks.begin(), s.tracks.end(), [](const Track& a, const Track& b) {
    return std::make_tuple(a.chip, a.is_core, a.y, a.x, lane_order(a.lane), a.tid) <
           std::make_tuple(b.chip, b.is_core, b.y, b.x, lane_order(b.lane), b.tid);
  });

  std::map<std::tuple<int64_t, uint32_t, uint32_t>, CoreUse> cores;
  for (const Track& t : s.tracks) {
    if (!t.is_core) continue;
    CoreUse& c = cores[{t.chip, t.y, t.x}];
    c.chip = t.chip;
    c.x = t.x;
    c.y = t.y;
    for (const Span& span : t.spans) {
      if (span.kind == SpanKind::kKernel) c.kernel_us += span.dur;
      if (span.kind == SpanKind::kCbWait) c.cb_wait_us += span.dur;
      if (span.kind == SpanKind::kSyncWait) c.sync_wait_us += span.dur;
    }
  }
  for (auto& [key, c] : cores) s.cores.push_back(c);

  std::sort(waits.begin(), waits.end(), [](const Pending& a, const Pending& b) { return a.span.dur > b.span.dur; });
  if (waits.size() > longest_waits) waits.resize(longest_waits);
  for (const Pending& p : waits) {
    const Track& t = tracks.at({p.chip, p.tid});
    WaitSpan w{p.span.ts, p.span.dur, p.span.name, p.chip, t.x, t.y, t.lane, "", p.cb, p.line};
    // The kernel span on the same track that holds the wait.
    for (const Span& k : t.spans)
      if (k.kind == SpanKind::kKernel && k.ts <= p.span.ts && p.span.ts <= k.ts + k.dur) w.kernel = k.name;
    s.longest.push_back(std::move(w));
  }
  return s;
}

Summary summarize_file(const std::filesystem::path& path, size_t longest_waits) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  std::string body = text.str();
  json trace = json::parse(body, nullptr, false);
  // A process killed mid-session leaves the events without "]}": every run it
  // appended is whole, so closing the array is enough.
  if (trace.is_discarded()) trace = json::parse(body + "\n]}", nullptr, false);
  if (trace.is_discarded()) throw std::runtime_error(path.string() + " is not a trace (not JSON)");
  return summarize(trace, longest_waits);
}

}  // namespace zyxtt::trace_report
