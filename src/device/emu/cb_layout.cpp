#include "device/emu/cb_layout.h"

#include <algorithm>
#include <unordered_map>

#include "device/emu/l1_layout.h"

namespace zyxtt::emu {

std::vector<uint64_t> cb_addresses(const program::Program& program, const Arch& arch) {
  const uint64_t alignment = std::max(arch.dram_alignment, arch.l1_alignment);
  std::unordered_map<uint64_t, uint64_t> tops;  // core (y << 32 | x) -> first free byte
  auto key = [](const program::Core& c) { return uint64_t{c.y} << 32 | c.x; };
  std::vector<uint64_t> out;
  for (const program::CircularBufferSpec& cb : program.circular_buffers) {
    if (cb.address) {
      out.push_back(*cb.address);
      continue;
    }
    const std::vector<program::Core> cores = cb.cores.cores();
    uint64_t top = l1::kCbBase;
    for (const program::Core& c : cores) {
      const auto it = tops.find(key(c));
      if (it != tops.end()) top = std::max(top, it->second);
    }
    const uint64_t offset = (top + alignment - 1) / alignment * alignment;
    for (const program::Core& c : cores) tops[key(c)] = offset + cb.total_size;
    out.push_back(offset);
  }
  return out;
}

}  // namespace zyxtt::emu
