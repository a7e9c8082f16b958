#include "device/emu/dataflow/findings.h"

#include <mutex>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "common/log.h"

namespace zyxtt::emu {

namespace {

std::mutex g_mu;
// (call, file, line): a kernel looping over one call warns once per run.
std::set<std::tuple<std::string, std::string, uint32_t>> g_reported;

}  // namespace

void report_finding(const KernelInstance& k, const char* call, const char* file, uint32_t line,
                    const std::string& what) {
  // "compute.cpp:33: pack_tile" or, without a site, "pack_tile".
  const std::string at = file != nullptr && line != 0 ? fmt::format("{}:{}: {}", file, line, call) : call;
  const std::string strict = switch_hint(k.run->hints, "strict");
  if (k.run->strict) fail_run(fmt::format("{}: {}; an error under {}", at, what, strict));
  {
    std::lock_guard<std::mutex> lock(g_mu);
    if (!g_reported.emplace(call, file ? file : "", line).second) return;
  }
  emulator_log().warn("core (x={}, y={}) {}: {}: {}; silicon computes this right, so it is a warning ({} makes it an "
                      "error)",
                      k.core->x, k.core->y, role_name(k.role), at, what, strict);
}

void reset_findings() {
  std::lock_guard<std::mutex> lock(g_mu);
  g_reported.clear();
}

}  // namespace zyxtt::emu
