#include "cluster/named.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cluster/descriptor.h"
#include "common/error.h"

namespace zyxtt::cluster {
namespace {

// `count` set bits from `first` up: which units are harvested matters to no
// emulated behaviour, only how many.
uint32_t harvest_bits(uint32_t count, uint32_t first) { return ((1u << count) - 1) << first; }

// The ethernet channels real boards of these kinds leave usable: a P100 has
// none; P150, P300 and Galaxy chips have two harvested (tt-umd's masks).
constexpr uint32_t kNoEthernet = (1u << kEthChannels) - 1;
constexpr uint32_t kTwoEthHarvested = (1u << 5) | (1u << 8);

Chip chip_of(Board board, uint32_t columns, uint32_t banks, uint32_t eth_harvested) {
  Chip chip;
  chip.board = board;
  chip.mmio = true;
  chip.harvesting = {harvest_bits(kBlackholeTensixColumns - columns, 6), harvest_bits(kBlackholeDramBanks - banks, 3),
                     eth_harvested};
  chip.arch = &harvested_arch(chip.harvesting);
  return chip;
}

// rows x cols chips of `board`, ids row-major, each linked to its mesh
// neighbours by `links_per_pair` links on its next free channels.
Cluster mesh_of(std::string name, uint32_t rows, uint32_t cols, Board board, uint32_t columns,
                uint32_t links_per_pair, bool one_board) {
  std::vector<Chip> chips;
  for (uint32_t i = 0; i < rows * cols; ++i) {
    chips.push_back(chip_of(board, columns, kBlackholeDramBanks, kTwoEthHarvested));
    chips.back().id = i;
    chips.back().board_id = one_board ? 0 : i;
  }
  std::vector<uint32_t> next(chips.size(), 0);
  auto take = [&](uint32_t chip) { return next[chip]++; };
  std::vector<EthLink> links;
  auto join = [&](uint32_t a, uint32_t b) {
    for (uint32_t k = 0; k < links_per_pair; ++k) links.push_back({{a, take(a)}, {b, take(b)}});
  };
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c) {
      if (c + 1 < cols) join(r * cols + c, r * cols + c + 1);
      if (r + 1 < rows) join(r * cols + c, (r + 1) * cols + c);
    }
  return Cluster(std::move(name), std::move(chips), std::move(links), MeshShape{rows, cols});
}

Cluster one_chip(std::string name, const Arch& arch) {
  Chip chip = chip_of(arch.dram_banks < kBlackholeDramBanks ? Board::kP100 : Board::kP150, arch.grid_cols,
                      arch.dram_banks, arch.dram_banks < kBlackholeDramBanks ? kNoEthernet : kTwoEthHarvested);
  chip.arch = &arch;
  return Cluster(std::move(name), {chip}, {});
}

}  // namespace

std::string cluster_names() {
  return "p100a (one P100A, the default), p150, p300 (two chips on one board), 4xp150 (2 x 2), 8xp150 (2 x 4), "
         "galaxy (32 chips, 8 x 4), or RxC for a mesh of P150s (e.g. 2x3)";
}

Cluster named_cluster(std::string_view name) {
  // Firmware since v19.5 leaves 12 Tensix columns on P100A and P150
  // (reference/hardware-model.md); Galaxy chips keep 13.
  if (name == "p100a") return one_chip("p100a", find_arch("p100a"));
  if (name == "p150") return one_chip("p150", find_arch("p150"));
  if (name == "p300") return mesh_of("p300", 1, 2, Board::kP300, 12, 2, true);
  if (name == "4xp150") return mesh_of("4xp150", 2, 2, Board::kP150, 12, 4, false);
  if (name == "8xp150") return mesh_of("8xp150", 2, 4, Board::kP150, 12, 2, false);
  if (name == "galaxy") return mesh_of("galaxy", 8, 4, Board::kGalaxy, 13, 2, true);
  unsigned rows = 0;
  unsigned cols = 0;
  int used = 0;
  const std::string text(name);
  if (std::sscanf(text.c_str(), "%ux%u%n", &rows, &cols, &used) == 2 && static_cast<size_t>(used) == text.size() &&
      rows >= 1 && cols >= 1 && rows * cols <= 64)
    return mesh_of(text, rows, cols, Board::kP150, 12, 2, false);
  throw Error(Code::kInvalidArgument,
              fmt::format("unknown cluster '{}'; known: {} (at most 64 chips)", name, cluster_names()));
}

Cluster choose_cluster(const std::string& name, const std::string& arch, OptionHints hints) {
  try {
    if (!name.empty()) return named_cluster(name);
  } catch (const Error& e) {
    throw Error(e.code(), fmt::format("{} ({})", e.what(), option_hint(hints, "cluster")));
  }
  if (const char* path = std::getenv("TT_METAL_MOCK_CLUSTER_DESC_PATH"); path != nullptr && *path != '\0') {
    try {
      return read_cluster_descriptor(path);
    } catch (const Error& e) {
      throw Error(e.code(), fmt::format("{} (TT_METAL_MOCK_CLUSTER_DESC_PATH names it; {} names a cluster instead)",
                                        e.what(), option_hint(hints, "cluster")));
    }
  }
  return one_chip(arch, find_arch(arch));
}

}  // namespace zyxtt::cluster
