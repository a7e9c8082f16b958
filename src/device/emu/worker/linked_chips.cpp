#include "device/emu/worker/linked_chips.h"

#include <sys/mman.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>

#include "common/error.h"
#include "device/emu/l1_memory.h"

namespace zyxtt::emu {
namespace {

uint8_t* map_shared(int fd, uint64_t bytes, const char* what, uint32_t chip) {
  void* at = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (at == MAP_FAILED)
    throw Error(Code::kInternal, fmt::format("cannot map chip {}'s {}: {}", chip, what, errno_text(errno)));
  return static_cast<uint8_t*>(at);
}

}  // namespace

std::optional<LinkedChips> map_linked_chips(const WorkerOptions& options, int first_fd, uint8_t* own_dram,
                                            uint8_t* own_l1) {
  if (options.chip_arches.empty()) return std::nullopt;
  const auto n = static_cast<uint32_t>(options.chip_arches.size());
  LinkedChips linked;
  linked.self = options.chip;
  linked.slot = options.link_slot;
  for (uint32_t c = 0; c < n; ++c) {
    const Arch& arch = find_arch(options.chip_arches[c]);
    if (c == options.chip) {
      linked.chips.push_back({&arch, own_dram, own_l1});
    } else {
      linked.chips.push_back({&arch, map_shared(linked_dram_fd(first_fd, c), arch.dram_bytes(), "DRAM", c),
                              map_shared(linked_l1_fd(first_fd, c), l1_arena_bytes(arch), "L1", c)});
    }
    close(linked_dram_fd(first_fd, c));
    close(linked_l1_fd(first_fd, c));
  }
  std::vector<fabric::ChipPlace> places(n);
  uint32_t rows = 1, cols = 1;
  for (uint32_t c = 0; c < n; ++c) {
    places[c].row = options.mesh_places[c] >> 16;
    places[c].col = options.mesh_places[c] & 0xFFFF;
    rows = std::max(rows, places[c].row + 1);
    cols = std::max(cols, places[c].col + 1);
    for (uint32_t ch = 0; ch < kEthChannels; ++ch) {
      const EthPeer peer = EthPeer::unpack(options.eth_peers[c * kEthChannels + ch]);
      if (peer.linked() && (peer.chip >= n || peer.channel >= kEthChannels))
        throw Error(Code::kInternal, fmt::format("chip {} ethernet channel {} names chip {} channel {}, which do not exist",
                                                 c, ch, peer.chip, peer.channel));
      if (peer.linked()) places[c].peer_chip[ch] = peer.chip;
      if (c == options.chip) linked.peers[ch] = peer;
    }
  }
  linked.routes = fabric::Routes(rows, cols, std::move(places));
  const int link_fd = link_block_fd(first_fd, n);
  linked.link = reinterpret_cast<LinkBlock*>(map_shared(link_fd, sizeof(LinkBlock), "link block", options.chip));
  close(link_fd);
  return linked;
}

}  // namespace zyxtt::emu
