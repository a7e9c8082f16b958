// Checks the trace a TT-Metalium program left through ZYX_TT_TRACE:
// `metalium_trace_check FILE CHIPS` exits 0 when FILE parses (so it was
// closed at exit) and each of the CHIPS chips is a process with runs and
// kernel spans on its cores' tracks.
#include <cstdio>
#include <exception>
#include <map>
#include <string>

#include "trace_view.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s TRACE CHIPS\n", argv[0]);
    return 2;
  }
  zyxtt::testing::TraceView t;
  try {
    t = zyxtt::testing::read_trace(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: not a complete trace: %s\n", argv[1], e.what());
    return 1;
  }
  const int chips = std::stoi(argv[2]);
  std::map<int64_t, int> runs, kernels;
  for (const auto& r : t.in("X", "run")) ++runs[r["pid"].get<int64_t>()];
  int failures = 0;
  for (const auto& k : t.in("X", "kernel")) {
    const std::string track = t.track(k);
    if (track.rfind("core (x=", 0) != 0) {
      std::fprintf(stderr, "kernel span %s on track '%s'\n", k.dump().c_str(), track.c_str());
      ++failures;
    }
    ++kernels[k["pid"].get<int64_t>()];
  }
  for (int chip = 0; chip < chips; ++chip) {
    const auto name = t.processes.find(chip);
    if (name == t.processes.end() || name->second != "chip " + std::to_string(chip) || runs[chip] == 0 ||
        kernels[chip] == 0) {
      std::fprintf(stderr, "chip %d: %s, %d runs, %d kernel spans\n", chip,
                   name == t.processes.end() ? "no process" : name->second.c_str(), runs[chip], kernels[chip]);
      ++failures;
    }
  }
  if (static_cast<int>(t.processes.size()) != chips) {
    std::fprintf(stderr, "%zu processes, expected %d\n", t.processes.size(), chips);
    ++failures;
  }
  return failures == 0 ? 0 : 1;
}
