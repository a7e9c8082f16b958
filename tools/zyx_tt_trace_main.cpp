// zyx-tt-trace: tools for the traces --trace / ZYX_TT_TRACE write.
// `zyx-tt-trace report TRACE [-o OUT.html]` draws one as a self-contained page.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "trace_report/html_report.h"
#include "trace_report/trace_summary.h"

int main(int argc, char** argv) {
  CLI::App app{"Reads traces the Tenstorrent emulator writes (zyx-tt-runtime --trace, ZYX_TT_TRACE)"};
  app.require_subcommand(1);
  CLI::App* report = app.add_subcommand(
      "report", "Write a self-contained HTML page of a trace: a timeline per core, a heat map of the grid, the "
                "longest waits with their kernel lines, the runs");
  std::filesystem::path trace, out;
  size_t waits = 20;
  report->add_option("TRACE", trace, "the trace (Trace Event JSON)")->required();
  report->add_option("-o,--output", out, "the page to write (default: TRACE with the extension .html)");
  report->add_option("--waits", waits, "how many of the longest waits to list")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  if (out.empty()) out = std::filesystem::path(trace).replace_extension(".html");
  try {
    const zyxtt::trace_report::Summary summary = zyxtt::trace_report::summarize_file(trace, waits);
    std::ofstream file(out, std::ios::binary | std::ios::trunc);
    file << zyxtt::trace_report::html_report(summary, trace.filename().string());
    file.close();
    if (!file) throw std::runtime_error("cannot write " + out.string());
  } catch (const std::exception& e) {
    std::cerr << "zyx-tt-trace: " << e.what() << "\n";
    return 1;
  }
  std::cout << out.string() << "\n";
  return 0;
}
