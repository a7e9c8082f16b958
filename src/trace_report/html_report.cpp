#include "trace_report/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace zyxtt::trace_report {
namespace {

constexpr double kLabelWidth = 230, kChartWidth = 1000, kAxisHeight = 24;
constexpr const char* kKernelColor = "#9ecae1";
constexpr const char* kCbColor = "#fd8d3c";
constexpr const char* kSyncColor = "#de2d26";
constexpr const char* kNocColor = "#31a354";
constexpr const char* kRunColor = "#bdbdbd";

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string duration(double us) {
  if (us >= 1e6) return fmt::format("{:.3f} s", us / 1e6);
  if (us >= 1e3) return fmt::format("{:.3f} ms", us / 1e3);
  return fmt::format("{:.3f} µs", us);
}

// A point in time as milliseconds since the trace began, fine enough for spans of microseconds.
std::string at(double us) { return fmt::format("{:.3f} ms", us / 1e3); }

const char* color_of(SpanKind kind) {
  switch (kind) {
    case SpanKind::kKernel: return kKernelColor;
    case SpanKind::kCbWait: return kCbColor;
    case SpanKind::kSyncWait: return kSyncColor;
    case SpanKind::kNoc: return kNocColor;
  }
  return kKernelColor;
}

// A tick step of 1, 2 or 5 times a power of ten giving about eight ticks.
double tick_step(double span) {
  const double raw = span / 8;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

// Spans of one kind on one row, merged where they meet at the chart's
// resolution: a long run has far more spans than pixels.
void draw_spans(std::string& svg, const std::vector<const Span*>& spans, const char* color, double y, double h,
                double x_of_begin, double scale) {
  size_t i = 0;
  while (i < spans.size()) {
    double x0 = x_of_begin + spans[i]->ts * scale, x1 = x_of_begin + (spans[i]->ts + spans[i]->dur) * scale;
    double total = spans[i]->dur;
    const size_t first = i++;
    while (i < spans.size() && x_of_begin + spans[i]->ts * scale <= x1 + 0.5) {
      x1 = std::max(x1, x_of_begin + (spans[i]->ts + spans[i]->dur) * scale);
      total += spans[i++]->dur;
    }
    const size_t count = i - first;
    const std::string what = count == 1 ? fmt::format("{} {}", spans[first]->name, duration(total))
                                        : fmt::format("{} and {} more, {} in all", spans[first]->name, count - 1,
                                                      duration(total));
    svg += fmt::format(R"(<rect x="{:.2f}" y="{:.1f}" width="{:.2f}" height="{:.1f}" fill="{}"><title>{}</title></rect>)",
                       x0, y, std::max(x1 - x0, 1.0), h, color, escape(what));
    svg += '\n';
  }
}

std::string gantt(const Summary& s) {
  const size_t rows = s.tracks.size();
  const double rh = rows <= 80 ? 14 : rows <= 400 ? 6 : 3;
  const double height = kAxisHeight + rows * rh + 4;
  const double span = std::max(s.end - s.begin, 1e-3);
  const double scale = kChartWidth / span;
  const double x_begin = kLabelWidth - s.begin * scale;  // x of time 0
  std::string svg = fmt::format(
      R"(<svg id="gantt" width="{:.0f}" height="{:.0f}" font-family="sans-serif" font-size="10">)",
      kLabelWidth + kChartWidth + 10, height);
  svg += '\n';
  // Time axis.
  const double step = tick_step(span);
  for (double t = s.begin; t <= s.end + step * 1e-9; t += step) {
    const double x = x_begin + t * scale;
    svg += fmt::format(R"(<line x1="{0:.2f}" x2="{0:.2f}" y1="{1}" y2="{2:.0f}" stroke="#e0e0e0"/><text x="{0:.2f}" y="12" text-anchor="middle">{3}</text>)",
                       x, kAxisHeight - 4, height, escape("+" + duration(t - s.begin)));
    svg += '\n';
  }
  for (size_t r = 0; r < rows; ++r) {
    const Track& t = s.tracks[r];
    const double y = kAxisHeight + r * rh;
    const bool first_of_core = t.is_core && (r == 0 || !s.tracks[r - 1].is_core || s.tracks[r - 1].x != t.x ||
                                             s.tracks[r - 1].y != t.y || s.tracks[r - 1].chip != t.chip);
    if (first_of_core) svg += fmt::format(R"(<line x1="0" x2="{:.0f}" y1="{:.1f}" y2="{:.1f}" stroke="#ccc"/>)",
                                          kLabelWidth + kChartWidth, y, y);
    std::string label = t.is_core ? fmt::format("chip {} ({},{}) {}", t.chip, t.x, t.y, t.lane)
                                  : fmt::format("chip {} {}", t.chip, t.name.empty() ? "runs" : t.name);
    if (rh >= 10 || first_of_core || !t.is_core)
      svg += fmt::format(R"(<text x="4" y="{:.1f}" font-size="{}">{}</text>)", y + std::min(rh, 10.0),
                         rh >= 10 ? 10 : 8, escape(rh >= 10 || !t.is_core ? label : fmt::format("({},{})", t.x, t.y)));
    if (!t.is_core) {
      for (const RunSpan& run : s.runs) {
        if (run.chip != t.chip) continue;
        // Clipped to the chart: a run's span also holds loading its kernels.
        const double x0 = std::max(x_begin + run.ts * scale, kLabelWidth);
        const double x1 = std::min(x_begin + (run.ts + run.dur) * scale, kLabelWidth + kChartWidth);
        if (x1 < x0) continue;
        svg += fmt::format(R"(<rect x="{:.2f}" y="{:.1f}" width="{:.2f}" height="{:.1f}" fill="{}"><title>{}</title></rect>)",
                           x0, y + 1, std::max(x1 - x0, 1.0), rh - 2,
                           run.error.empty() ? kRunColor : kSyncColor,
                           escape(run.name + " " + duration(run.dur) + (run.error.empty() ? "" : ": " + run.error)));
        svg += '\n';
      }
      continue;
    }
    // Kernels below, NOC writes and waits on top of them.
    for (SpanKind kind : {SpanKind::kKernel, SpanKind::kNoc, SpanKind::kCbWait, SpanKind::kSyncWait}) {
      std::vector<const Span*> of_kind;
      for (const Span& sp : t.spans)
        if (sp.kind == kind) of_kind.push_back(&sp);
      const double inset = kind == SpanKind::kKernel ? 1 : rh / 5;
      draw_spans(svg, of_kind, color_of(kind), y + inset, std::max(rh - 2 * inset, 1.0), x_begin, scale);
    }
  }
  svg += "</svg>\n";
  return svg;
}

// White to `rgb` as v goes from 0 to 1.
std::string shade(double v, int r, int g, int b) {
  v = std::clamp(v, 0.0, 1.0);
  auto mix = [&](int c) { return static_cast<int>(std::lround(255 - (255 - c) * v)); };
  return fmt::format("rgb({},{},{})", mix(r), mix(g), mix(b));
}

std::string heat_maps(const Summary& s) {
  std::map<int64_t, std::vector<const CoreUse*>> by_chip;
  for (const CoreUse& c : s.cores) by_chip[c.chip].push_back(&c);
  std::string html;
  constexpr double kCell = 30;
  struct Mode {
    const char* id;
    int r, g, b;
    double (CoreUse::*value)() const;
  };
  const Mode modes[] = {{"busy", 49, 163, 84, &CoreUse::busy},
                        {"cb", 253, 141, 60, &CoreUse::cb},
                        {"sync", 222, 45, 38, &CoreUse::sync}};
  for (const auto& [chip, cores] : by_chip) {
    uint32_t cols = 0, rows = 0;
    for (const CoreUse* c : cores) {
      cols = std::max(cols, c->x + 1);
      rows = std::max(rows, c->y + 1);
    }
    html += fmt::format(R"(<figure><figcaption>chip {}</figcaption><svg class="grid" width="{:.0f}" height="{:.0f}" font-family="sans-serif" font-size="9">)",
                        chip, 20 + cols * kCell, 16 + rows * kCell);
    for (uint32_t x = 0; x < cols; ++x)
      html += fmt::format(R"(<text x="{:.0f}" y="11" text-anchor="middle">{}</text>)", 20 + x * kCell + kCell / 2, x);
    for (uint32_t y = 0; y < rows; ++y)
      html += fmt::format(R"(<text x="2" y="{:.0f}">{}</text>)", 16 + y * kCell + kCell / 2 + 3, y);
    for (const Mode& m : modes) {
      html += fmt::format(R"(<g class="heat" data-mode="{}">)", m.id);
      for (const CoreUse* c : cores) {
        const double v = (c->*m.value)();
        const double x = 20 + c->x * kCell, y = 16 + c->y * kCell;
        html += fmt::format(
            R"(<rect x="{:.0f}" y="{:.0f}" width="{:.0f}" height="{:.0f}" fill="{}" stroke="#999"><title>core (x={},y={}): busy {:.0f}%, waiting on CBs {:.0f}%, on semaphores / NOC / mailboxes {:.0f}% of {} its kernels ran</title></rect><text x="{:.0f}" y="{:.0f}" text-anchor="middle" pointer-events="none">{:.0f}</text>)",
            x + 1, y + 1, kCell - 2, kCell - 2, shade(v, m.r, m.g, m.b), c->x, c->y, 100 * c->busy(), 100 * c->cb(),
            100 * c->sync(), duration(c->kernel_us), x + kCell / 2, y + kCell / 2 + 3, 100 * v);
      }
      html += "</g>";
    }
    html += "</svg></figure>\n";
  }
  return html;
}

std::string longest_waits(const Summary& s) {
  if (s.longest.empty()) return "<p>No kernel waited.</p>\n";
  std::string html =
      "<table><tr><th>#</th><th>wait</th><th>call</th><th>chip</th><th>core</th><th>processor</th><th>kernel</th>"
      "<th>CB</th><th>line</th><th>at</th></tr>\n";
  for (size_t i = 0; i < s.longest.size(); ++i) {
    const WaitSpan& w = s.longest[i];
    html += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>(x={},y={})</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td></tr>\n",
        i + 1, escape(duration(w.dur)), escape(w.call), w.chip, w.x, w.y, escape(w.lane), escape(w.kernel),
        w.cb >= 0 ? std::to_string(w.cb) : "", w.line != 0 ? std::to_string(w.line) : "", at(w.ts));
  }
  return html + "</table>\n";
}

std::string runs(const Summary& s) {
  constexpr size_t kShown = 50;
  std::string html = "<table><tr><th>chip</th><th>run</th><th>start</th><th>time</th><th>outcome</th></tr>\n";
  for (size_t i = 0; i < s.runs.size() && i < kShown; ++i) {
    const RunSpan& r = s.runs[i];
    html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", r.chip, escape(r.name),
                        at(r.ts), escape(duration(r.dur)), r.error.empty() ? "ok" : escape(r.error));
  }
  if (s.runs.size() > kShown) html += fmt::format("<tr><td colspan=5>and {} more</td></tr>\n", s.runs.size() - kShown);
  return html + "</table>\n";
}

// The page records script errors in its DOM (#errors, body[data-errors]) and
// marks itself drawn (body[data-rendered]): what a headless browser's test reads.
constexpr const char* kHead = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<script>
window.onerror = function (message, source, line) {
  document.body.dataset.errors = '1';
  document.getElementById('errors').textContent += message + ' (line ' + line + ')\n';
};
</script>
<style>
body { font-family: sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; } h2 { font-size: 15px; margin-top: 24px; }
table { border-collapse: collapse; font-size: 12px; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
figure { display: inline-block; margin: 0 16px 0 0; } figcaption { font-size: 12px; }
.key span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: middle; }
.modes button { font-size: 12px; } .modes button.on { font-weight: bold; }
#errors { color: #b00; }
</style>
)";

constexpr const char* kScript = R"(<script>
function showMode(mode) {
  document.querySelectorAll('.heat').forEach(function (g) { g.style.display = g.dataset.mode === mode ? '' : 'none'; });
  document.querySelectorAll('.modes button').forEach(function (b) { b.classList.toggle('on', b.dataset.mode === mode); });
}
document.querySelectorAll('.modes button').forEach(function (b) {
  b.addEventListener('click', function () { showMode(b.dataset.mode); });
});
showMode('busy');
document.body.dataset.rendered = String(document.querySelectorAll('#gantt rect').length);
</script>
)";

}  // namespace

std::string html_report(const Summary& s, const std::string& title) {
  const std::string clock = s.clock.empty() ? "clock not named in the trace" : s.clock;
  std::string html = kHead;
  html += fmt::format("<title>{} — zyx-tt-trace</title></head><body>\n<pre id=\"errors\"></pre>\n", escape(title));
  html += fmt::format("<h1>{}</h1>\n<p>{} run{}, {} in all ({}); the kernels ran within {}.</p>\n", escape(title),
                      s.runs.size(), s.runs.size() == 1 ? "" : "s", escape(duration(s.run_time_us())), escape(clock),
                      escape(duration(s.end - s.begin)));
  html += "<h2>Timeline</h2>\n<p class=\"key\">";
  html += fmt::format("<span style=\"background:{}\"></span>kernel<span style=\"background:{}\"></span>waiting on a "
                      "CB<span style=\"background:{}\"></span>waiting on a semaphore / L1 word / mailbox<span "
                      "style=\"background:{}\"></span>NOC write<span style=\"background:{}\"></span>run</p>\n",
                      kKernelColor, kCbColor, kSyncColor, kNocColor, kRunColor);
  html += gantt(s);
  html += "<h2>Grid</h2>\n<p>Share of the time each core's kernels ran (summed over its processors), in percent.</p>\n"
          "<p class=\"modes\"><button data-mode=\"busy\">busy</button> <button data-mode=\"cb\">waiting on CBs</button> "
          "<button data-mode=\"sync\">waiting on semaphores / NOC / mailboxes</button></p>\n";
  html += heat_maps(s);
  html += "<h2>Longest waits</h2>\n";
  html += longest_waits(s);
  html += "<h2>Runs</h2>\n";
  html += runs(s);
  html += kScript;
  html += "</body></html>\n";
  return html;
}

}  // namespace zyxtt::trace_report
