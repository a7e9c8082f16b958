// The fabric, as a worker kernel sees it: a connection to the router on one
// of its chip's ethernet channels takes a packet (payload, then header) into
// its slot; committing the header delivers the packet at once into every
// chip its route reaches (fabric_routes.h), with the range and alignment
// checks of a NOC write there, and the cluster's epoch moves so that waiters
// on other chips look again. No router kernels run: the routers are the
// emulator, as the NOC is.
#include <fmt/format.h>

#include <atomic>
#include <cstring>

#include "device/emu/dataflow/cross_chip.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/krt_impl.h"
#include "device/emu/l1_layout.h"
#include "device/emu/l1_memory.h"
#include "device/emu/run_context.h"
#include "device/emu/sched/progress.h"
#include "zyxtt/noc_addr.h"

namespace zyxtt::emu {
namespace {

constexpr uint32_t kSlotBytes = krt::kFabricHeaderBytes + krt::kFabricMaxPayloadBytes;

const char* send_type_name(uint8_t t) {
  switch (t) {
    case 0: return "unicast write";
    case 1: return "inline write";
    case 2: return "atomic increment";
    case 3: return "write + atomic increment";
  }
  return "NOC command";
}

// The connection's channel, checked against the chip the kernel runs on.
uint32_t channel_of(const KernelInstance& k, uint32_t link) {
  const RunState& rs = *k.run;
  if (!krt::is_fabric_link_word(link))
    fail_run(fmt::format("fabric connection: the word {:#x} is not a connection (the kernel read it from its runtime "
                         "arguments where append_fabric_connection_rt_args should have put one)",
                         link));
  if (rs.linked == nullptr || rs.linked->chips.size() < 2)  // a chip alone may still be a cluster of one
    fail_run("fabric connection: this chip is alone (the fabric joins the chips of a cluster: ZYX_TT_CLUSTER or "
             "TT_METAL_MOCK_CLUSTER_DESC_PATH)");
  if (k.core->ethernet) fail_run("fabric connection: only worker cores connect to the fabric's routers here");
  const uint32_t chip = krt::fabric_link_chip(link);
  if (chip != rs.linked->self)
    fail_run(fmt::format("fabric connection: its arguments were made for chip {}, but the kernel runs on chip {}", chip,
                         rs.linked->self));
  const uint32_t channel = krt::fabric_link_channel(link);
  if (channel >= kEthChannels || !rs.linked->peers[channel].linked())
    fail_run(fmt::format("fabric connection: ethernet channel {} of chip {} has no link", channel, chip));
  return channel;
}

// Where [addr, addr + bytes) of a NOC address lands on `chip`; fails the run
// naming the packet when it is outside DRAM's banks or the target core's L1.
uint8_t* landing(const KernelInstance& k, uint32_t chip, uint64_t noc_addr, uint32_t bytes, const std::string& packet) {
  const LinkedChip& far = k.run->linked->chips[chip];
  const Arch& arch = *far.arch;
  const uint32_t x = noc::x_of(noc_addr), y = noc::y_of(noc_addr);
  const uint64_t addr = noc::local_of(noc_addr);
  const uint32_t align = k.run->l1_alignment;
  if (addr % align != 0 && k.run->align_policy == AlignPolicy::kError)
    fail_run(fmt::format("{}: destination address {:#x} is not {}-byte aligned (the router writes from a {}-byte aligned "
                         "slot, so silicon would deliver shifted data)",
                         packet, addr, align, align));
  if (x == noc::kDramX) {
    if (y >= arch.dram_banks || addr + bytes > arch.dram_bank_bytes)
      fail_run(fmt::format("{}: DRAM bank {} address {:#x} + {} bytes is outside chip {}'s {} banks of {} bytes", packet,
                           y, addr, bytes, chip, arch.dram_banks, arch.dram_bank_bytes));
    return far.dram + uint64_t{y} * arch.dram_bank_bytes + addr;
  }
  uint64_t core_bytes = arch.l1_bytes;
  uint8_t* core_l1 = nullptr;
  if (const std::optional<GridXY> at = worker_at_noc(arch, x, y); at && at->x < arch.grid_cols && at->y < arch.grid_rows) {
    core_l1 = far.l1 + (uint64_t{at->y} * arch.grid_cols + at->x) * arch.l1_bytes;
  } else if (const std::optional<uint32_t> channel = eth_at_noc(x, y)) {
    core_l1 = far.l1 + eth_l1_offset(arch, *channel);
    core_bytes = kEthL1Bytes;
  } else {
    fail_run(fmt::format("{}: NOC address {:#x} names ({},{}), which on chip {} is neither a DRAM bank nor a worker or "
                         "ethernet core",
                         packet, noc_addr, x, y, chip));
  }
  const uint64_t off = df::same_offset(*k.core, addr, core_bytes);
  if (off >= core_bytes || off + bytes > core_bytes)
    fail_run(fmt::format("{}: L1 address {:#x} + {} bytes is outside the {} bytes of L1 of core ({},{}) on chip {}",
                         packet, addr, bytes, core_bytes, x, y, chip));
  return core_l1 + off;
}

// The chips a packet's route reaches from this chip through `channel`.
std::vector<uint32_t> destinations(const KernelInstance& k, uint32_t channel, const krt::FabricPacket& p,
                                   std::string& packet) {
  const LinkedChips& linked = *k.run->linked;
  const fabric::Routes& routes = linked.routes;
  const uint32_t self = linked.self;
  const fabric::Dir leaves_by_connection = *routes.direction(self, channel);
  fabric::NoRoute no_route;
  std::vector<uint32_t> chips;
  fabric::Dir leaves = leaves_by_connection;
  switch (p.route) {
    case krt::FabricRoute::kLine:
      packet += fmt::format(" to {} chip{} from hop {} {}", p.hop_count, p.hop_count == 1 ? "" : "s", p.first_hop,
                            fabric::dir_name(leaves_by_connection));
      chips = routes.line(self, channel, p.first_hop, p.hop_count, &no_route);
      break;
    case krt::FabricRoute::kMesh: {
      const std::optional<uint32_t> dst = routes.chip_of_fabric_id(p.dst_chip);
      packet += fmt::format(" to fabric node (mesh {}, chip {})", p.dst_mesh, p.dst_chip);
      if (p.dst_mesh != 0 || !dst) {
        no_route.why = fmt::format("the cluster is one mesh (id 0) of fabric chips 0 to {}", routes.size() - 1);
        break;
      }
      const std::optional<fabric::Dir> first = routes.first_hop(self, *dst);
      if (!first) {
        no_route.why = "that is this chip (a NOC write reaches it)";
        break;
      }
      leaves = *first;
      chips = routes.mesh_path(self, *dst, &no_route);
      if (!chips.empty()) chips = {chips.back()};
      break;
    }
    case krt::FabricRoute::kMeshMcast:
      packet += fmt::format(" multicast east {} west {} north {} south {}", p.mcast_hops[0], p.mcast_hops[1],
                            p.mcast_hops[2], p.mcast_hops[3]);
      chips = routes.mesh_multicast(self, p.mcast_hops[0], p.mcast_hops[1], p.mcast_hops[2], p.mcast_hops[3], &leaves,
                                    &no_route);
      break;
    default:
      fail_run(packet + ": the packet header has no route (to_chip_unicast, to_chip_multicast, "
                        "fabric_set_unicast_route or fabric_set_mcast_route set one)");
  }
  if (chips.empty()) fail_run(fmt::format("{}: no route: {}", packet, no_route.why));
  if (leaves != leaves_by_connection)
    fail_run(fmt::format("{}: the route leaves chip {} {}, but the connection is to the router on ethernet channel {}, "
                         "which leads {} (append_fabric_connection_rt_args with the destination's node picks the "
                         "channel)",
                         packet, self, fabric::dir_name(leaves), channel, fabric::dir_name(leaves_by_connection)));
  return chips;
}

void deliver(KernelInstance& k, uint32_t channel, const uint8_t* slot) {
  krt::FabricPacket p;
  std::memcpy(&p, slot, sizeof p);
  const LinkedChips& linked = *k.run->linked;
  std::string packet = fmt::format("fabric {} ({} bytes) from chip {} (kernel {}) over channel {}",
                                   send_type_name(p.noc_send_type), p.payload_size_bytes, linked.self, k.kernel_name,
                                   channel);
  if (p.payload_size_bytes > krt::kFabricMaxPayloadBytes)
    fail_run(fmt::format("{}: the payload is larger than a packet's {} bytes", packet, krt::kFabricMaxPayloadBytes));
  const std::vector<uint32_t> chips = destinations(k, channel, p, packet);
  const uint8_t* payload = slot + krt::kFabricHeaderBytes;
  for (uint32_t chip : chips) {
    const std::string at = fmt::format("{} (at chip {})", packet, chip);
    switch (p.noc_send_type) {
      case 0:  // NOC_UNICAST_WRITE
        if (p.payload_size_bytes != 0)
          df::chip_write(linked, chip, landing(k, chip, p.noc_address, p.payload_size_bytes, at), payload,
                         p.payload_size_bytes);
        break;
      case 1: {  // NOC_UNICAST_INLINE_WRITE
        df::chip_write(linked, chip, landing(k, chip, p.noc_address, 4, at), &p.value, 4);
        break;
      }
      case 3:  // NOC_FUSED_UNICAST_ATOMIC_INC: the write, then the increment
        if (p.payload_size_bytes != 0)
          df::chip_write(linked, chip, landing(k, chip, p.noc_address, p.payload_size_bytes, at), payload,
                         p.payload_size_bytes);
        [[fallthrough]];
      case 2: {  // NOC_UNICAST_ATOMIC_INC
        const uint64_t target = p.noc_send_type == 3 ? p.semaphore_address : p.noc_address;
        if (noc::x_of(target) == noc::kDramX) fail_run(at + ": an atomic increment targets L1, not DRAM");
        auto* word = reinterpret_cast<uint32_t*>(landing(k, chip, target, 4, at));
        df::chip_add(linked, chip, word, p.value);
        break;
      }
      default:
        fail_run(fmt::format("{}: NOC send type {} is not one the emulated fabric carries (unicast, inline and fused "
                             "writes, atomic increments)",
                             packet, p.noc_send_type));
    }
  }
  announce_move(*linked.link);
}

}  // namespace
}  // namespace zyxtt::emu

namespace zyxtt::emu::krt_impl {
using namespace zyxtt::emu;

void fabric_send(uint32_t link, uint32_t src_l1, uint32_t bytes, bool commit) {
  KernelInstance& k = current();
  const uint32_t channel = channel_of(k, link);
  count_progress();
  const uint32_t at = commit ? 0 : krt::kFabricHeaderBytes;
  if (uint64_t{at} + bytes > kSlotBytes)
    fail_run(fmt::format("fabric connection (channel {}): {} bytes do not fit a packet slot of {} header and {} payload "
                         "bytes",
                         channel, bytes, krt::kFabricHeaderBytes, krt::kFabricMaxPayloadBytes));
  if (commit && bytes < krt::kFabricHeaderBytes)
    fail_run(fmt::format("fabric connection (channel {}): a packet starts with its {}-byte header; {} bytes were sent",
                         channel, krt::kFabricHeaderBytes, bytes));
  const uint64_t src = df::l1_offset(*k.core, src_l1, bytes);
  if (src == ~0ull)
    fail_run(fmt::format("fabric connection: source L1 address {:#x} + {} bytes is outside this core's L1", src_l1,
                         bytes));
  if (k.fabric_slots.empty()) k.fabric_slots.resize(kEthChannels);
  std::vector<uint8_t>& slot = k.fabric_slots[channel];
  if (slot.empty()) slot.resize(kSlotBytes);
  std::memcpy(slot.data() + at, k.core->l1 + src, bytes);
  // The sender pays for moving the bytes to its router over the NOC.
  timing::transfer(k.model, k.noc, bytes, timing::kNocCost, timing::kNocL1Latency);
  if (commit) deliver(k, channel, slot.data());
}

uint32_t fabric_header_alloc(uint32_t count) {
  KernelInstance& k = current();
  if (count == 0 || k.fabric_headers + count > krt::kFabricHeadersPerProcessor)
    fail_run(fmt::format("PacketHeaderPool: a processor has {} packet headers, {} taken; this kernel asked for {} more",
                         krt::kFabricHeadersPerProcessor, k.fabric_headers, count));
  const uint32_t role = static_cast<uint32_t>(k.role);
  const uint32_t offset =
      l1::kPacketHeaderPoolBase + role * l1::kPacketHeaderPoolBytes + k.fabric_headers * krt::kFabricHeaderBytes;
  k.fabric_headers += count;
  std::memset(k.core->l1 + offset, 0, count * krt::kFabricHeaderBytes);
  return df::l1_base(*k.core) + offset;
}

}  // namespace zyxtt::emu::krt_impl
