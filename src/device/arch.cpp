#include "device/arch.h"

#include <fmt/format.h>

#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <utility>

#include "common/error.h"
#include "zyxtt/noc_addr.h"

namespace zyxtt {
namespace {

static_assert(kBlackholeNoc.tensix_x == noc::kTensixStartX && kBlackholeNoc.tensix_y == noc::kTensixStartY,
              "kernels place worker (0, 0) where the arch table does");

// Blackhole: 1536 KiB L1 per Tensix, 4 GiB - 16 MiB usable per DRAM bank
// (reference/hardware-model.md section 3).
constexpr Arch kArches[] = {
    {"p100a", 10, 12, 1536 * 1024, 7, 4278190080ull, 64, 16, kBlackholeNoc},
    {"p150", 10, 12, 1536 * 1024, 8, 4278190080ull, 64, 16, kBlackholeNoc},
};

}  // namespace

const Arch& default_arch() { return kArches[0]; }

GridXY worker_noc(const Arch& arch, uint32_t col, uint32_t row) {
  const NocPlacement& p = arch.noc_placement;
  return {col + p.tensix_x + (col < p.gap_col ? 0 : p.gap_width), row + p.tensix_y};
}

std::optional<GridXY> worker_at_noc(const Arch& arch, uint32_t x, uint32_t y) {
  const NocPlacement& p = arch.noc_placement;
  const uint32_t gap_x = p.tensix_x + p.gap_col;
  if (x < p.tensix_x || y < p.tensix_y || (x >= gap_x && x < gap_x + p.gap_width)) return std::nullopt;
  return GridXY{x - p.tensix_x - (x < gap_x ? 0 : p.gap_width), y - p.tensix_y};
}

namespace {
// Channel order of the soc descriptor's eth list: outside in, left then right.
constexpr uint32_t kEthX[kEthChannels] = {1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10};
constexpr uint32_t kEthY = 1;
}  // namespace

GridXY eth_noc(uint32_t channel) { return {kEthX[channel % kEthChannels], kEthY}; }

std::optional<uint32_t> eth_at_noc(uint32_t x, uint32_t y) {
  if (y != kEthY) return std::nullopt;
  for (uint32_t c = 0; c < kEthChannels; ++c)
    if (kEthX[c] == x) return c;
  return std::nullopt;
}

const Arch& blackhole_arch(uint32_t columns, uint32_t dram_banks) {
  if (columns == 0 || columns > kBlackholeTensixColumns || dram_banks == 0 || dram_banks > kBlackholeDramBanks)
    throw Error(Code::kInvalidArgument, fmt::format("a Blackhole with {} Tensix columns and {} DRAM banks does not "
                                                    "exist (1-{} columns, 1-{} banks)",
                                                    columns, dram_banks, kBlackholeTensixColumns, kBlackholeDramBanks));
  for (const Arch& a : kArches)
    if (a.grid_cols == columns && a.dram_banks == dram_banks) return a;
  // Rows made on demand live as long as the process; their names are their key.
  static std::mutex mutex;
  static std::deque<std::pair<std::string, Arch>> made;
  std::lock_guard lock(mutex);
  const std::string name = fmt::format("blackhole-{}c-{}b", columns, dram_banks);
  for (const auto& [key, arch] : made)
    if (key == name) return arch;
  auto& [key, arch] = made.emplace_back(name, kArches[1]);
  arch.name = key;
  arch.grid_cols = columns;
  arch.dram_banks = dram_banks;
  return arch;
}

const Arch& find_arch(std::string_view name) {
  std::string names;
  for (const Arch& a : kArches) {
    if (a.name == name) return a;
    names += names.empty() ? "" : ", ";
    names += a.name;
  }
  unsigned columns = 0;
  unsigned banks = 0;
  int used = 0;
  const std::string text(name);
  if (std::sscanf(text.c_str(), "blackhole-%uc-%ub%n", &columns, &banks, &used) == 2 &&
      static_cast<size_t>(used) == text.size())
    return blackhole_arch(columns, banks);
  throw Error(Code::kInvalidArgument, fmt::format("unknown arch '{}'; known: {}", name, names));
}

}  // namespace zyxtt
