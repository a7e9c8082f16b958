// End-of-kernel checks: what tt-metal's firmware and watcher assert once
// kernel_main returns.
#include <unistd.h>

#include <fmt/format.h>

#include "common/log.h"
#include "device/emu/run_context.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/dataflow/findings.h"
#include "device/emu/krt_impl.h"

namespace zyxtt::emu {

std::string kernel_exit_problems(KernelInstance& k) {
  if (!k.print_buffer.empty()) {  // a DPRINT without ENDL() still shows
    std::string pending;
    pending.swap(k.print_buffer);
    krt_impl::print_line(pending.data(), pending.size());
  }

  const uint32_t r = df::role_index(k);
  for (uint64_t bits = k.core->configured_cbs; bits != 0; bits &= bits - 1) {
    const uint32_t cb = static_cast<uint32_t>(__builtin_ctzll(bits));
    const CbState& c = k.core->cbs[cb];
    if (c.reserved[r] == 0) continue;
    report_finding(k, "kernel_main", nullptr, 0,
                   fmt::format("returned with {} page(s) of CB {} reserved but not pushed", c.reserved[r], cb));
  }

  // Nonposted writes and atomics still in the core's NOC queue complete after
  // the kernel ends; the firmware's exit asserts (watcher builds) race them,
  // so silicon tolerates it: findings, as tt-metal's multicast matmul's
  // senders (a last semaphore multicast) and receivers (a last increment) end.
  // Each has its own key: findings warn once per key.
  auto late = [&](uint32_t issued, uint32_t done, const char* key, const char* what, const char* after, uint32_t noc) {
    if (issued == done) return;
    report_finding(k, key, nullptr, 0,
                   fmt::format("returned with {} {} on NOC {} issued after its last {}", issued - done, what, noc, after));
  };
  std::string problems;
  auto add = [&](uint32_t issued, uint32_t done, const char* what, const char* barrier, uint32_t noc) {
    if (issued == done) return;
    if (!problems.empty()) problems += "; ";
    problems += fmt::format("{} {} on NOC {} not completed by {}", issued - done, what, noc, barrier);
  };
  for (uint32_t noc = 0; noc < 2; ++noc) {
    const NocCounters& n = k.noc_counters[noc];
    late(n.writes_issued, n.writes_sent, "kernel_main's NOC writes", "NOC write(s)",
         "noc_async_write_barrier or noc_async_writes_flushed", noc);
    late(n.atomics_issued, n.atomics_barriered, "kernel_main's NOC atomics", "NOC atomic(s)",
         "noc_async_atomic_barrier", noc);
    add(n.reads_issued, n.reads_barriered, "NOC read(s)", "noc_async_read_barrier", noc);
    add(n.posted_issued, n.posted_flushed, "posted NOC write(s)", "noc_async_posted_writes_flushed", noc);
  }
  if (!problems.empty()) problems = "kernel returned with outstanding NOC transactions: " + problems;
  return problems;
}

void check_kernel_exit(KernelInstance& k) {
  const std::string problems = kernel_exit_problems(k);
  if (!problems.empty()) fail_run(problems);
}

}  // namespace zyxtt::emu
