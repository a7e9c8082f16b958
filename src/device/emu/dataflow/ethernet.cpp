// Ethernet cores: a send copies bytes of the core's L1 into the core at the
// far end of its channel's link, on another chip (interconnect.h), at issue
// time as the NOC does; then the cluster's epoch moves, so that chips whose
// kernels all wait look again.
#include <fmt/format.h>

#include <cstring>

#include "device/emu/dataflow/cross_chip.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/krt_impl.h"
#include "device/emu/l1_layout.h"
#include "device/emu/l1_memory.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/progress.h"

namespace zyxtt::emu {
namespace {

// The calling instance's channel; fails the run on a worker core.
uint32_t channel_of(const KernelInstance& k, const char* call) {
  const RunState& rs = *k.run;
  if (rs.eth_cores == nullptr || k.core < rs.eth_cores || k.core >= rs.eth_cores + kEthChannels)
    fail_run(fmt::format("{}: only a kernel on an ethernet core (EthernetConfig) reaches another chip over ethernet; "
                         "this is a worker core",
                         call));
  return static_cast<uint32_t>(k.core - rs.eth_cores);
}

[[noreturn]] void fail_unlinked(const RunState& rs, uint32_t channel, const char* call) {
  std::string linked;
  if (rs.linked != nullptr) {
    for (uint32_t c = 0; c < kEthChannels; ++c)
      if (rs.linked->peers[c].linked()) linked += fmt::format("{}{}", linked.empty() ? "" : ", ", c);
  }
  fail_run(fmt::format("{}: ethernet channel {} of chip {} has no link to another chip (linked channels: {})", call,
                       channel, rs.linked ? rs.linked->self : 0, linked.empty() ? "none" : linked));
}

[[noreturn]] void fail_range(const char* call, const char* side, uint32_t addr, uint32_t bytes) {
  fail_run(fmt::format("{}: {} L1 address {:#x} + {} bytes is outside an ethernet core's {} bytes of L1", call, side,
                       addr, bytes, kEthL1Bytes));
}

}  // namespace
}  // namespace zyxtt::emu

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

void eth_send(uint32_t src_l1, uint32_t dst_l1, uint32_t bytes) {
  static constexpr const char* kCall = "eth_send_packet";
  KernelInstance& k = current();
  const RunState& rs = *k.run;
  const uint32_t channel = channel_of(k, kCall);
  const EthPeer peer = rs.linked ? rs.linked->peers[channel] : EthPeer{};
  if (!peer.linked()) fail_unlinked(rs, channel, kCall);
  count_progress();
  if (bytes == 0) return;
  const uint64_t src = df::l1_offset(*k.core, src_l1, bytes);
  if (src == ~0ull) fail_range(kCall, "source", src_l1, bytes);
  // The destination is an address of the far core's L1, which the kernel
  // may spell through its own (the same layout on every ethernet core).
  const uint64_t dst = df::l1_offset(*k.core, dst_l1, bytes);
  if (dst == ~0ull) fail_range(kCall, "destination", dst_l1, bytes);
  const LinkedChip& far = rs.linked->chips[peer.chip];
  uint8_t* to = far.l1 + eth_l1_offset(*far.arch, peer.channel) + dst;
  df::chip_write(*rs.linked, peer.chip, to, k.core->l1 + src, bytes);
  announce_move(*rs.linked->link);
}

uint32_t eth_sync_addr() {
  const KernelInstance& k = current();
  channel_of(k, "erisc_info");
  return df::l1_base(*k.core) + l1::kEthSyncBase;
}


}  // namespace zyxtt::emu::krt_impl
