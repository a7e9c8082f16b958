// The architectures the runtime knows, one row each. Everything else reads
// its numbers from here.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace zyxtt {

// Where workers sit on the NOC (translated coordinates): logical (0, 0) at
// (tensix_x, tensix_y); from logical column gap_col on, x skips gap_width
// columns of DRAM and routers.
struct NocPlacement {
  uint32_t tensix_x;
  uint32_t tensix_y;
  uint32_t gap_col;
  uint32_t gap_width;
};
// Blackhole: Tensix at NOC x 1-7 and 10-16, y from 2 (reference/hardware-model.md
// section 3); arch.cpp holds the start to the kernels' VIRTUAL_TENSIX_START_X/Y.
inline constexpr NocPlacement kBlackholeNoc{1, 2, 7, 2};

struct Arch {
  std::string_view name;
  uint32_t grid_rows;       // gd0 limit (y)
  uint32_t grid_cols;       // gd1 limit (x)
  uint64_t l1_bytes;        // per Tensix core
  uint32_t dram_banks;
  uint64_t dram_bank_bytes;  // usable per bank
  uint32_t dram_alignment;   // NOC read alignment for DRAM
  uint32_t l1_alignment;
  NocPlacement noc_placement;

  uint64_t dram_bytes() const { return uint64_t{dram_banks} * dram_bank_bytes; }
};

struct GridXY {
  uint32_t x;
  uint32_t y;
  bool operator==(const GridXY&) const = default;
};

// Worker (col, row) -> its NOC (x, y). Defined past the arch's grid too: runs
// wider or taller than it place their extra cores the same way.
GridXY worker_noc(const Arch& arch, uint32_t col, uint32_t row);
// NOC (x, y) -> worker (col, row); none for DRAM, router and other non-worker
// coordinates. Callers bound the result by their grid.
std::optional<GridXY> worker_at_noc(const Arch& arch, uint32_t x, uint32_t y);

// A Blackhole has 14 Tensix columns of 10 rows and 8 DRAM banks before
// harvesting (reference/hardware-model.md section 3).
inline constexpr uint32_t kBlackholeTensixColumns = 14;
inline constexpr uint32_t kBlackholeDramBanks = 8;

// A Blackhole with `columns` Tensix columns and `dram_banks` banks left after
// harvesting: the table's row when one matches (p100a: 12 and 7, p150: 12 and
// 8), else a row named "blackhole-<columns>c-<banks>b" that find_arch also
// knows, so that the device worker can be told it by name.
const Arch& blackhole_arch(uint32_t columns, uint32_t dram_banks);

// Ethernet cores: every Blackhole has 14 channels on NOC row y = 1, each with
// 512 KiB of L1 (tt-metal's blackhole soc descriptor, eth_l1_size). Which are
// linked to another chip is the cluster's business (cluster/cluster.h).
inline constexpr uint32_t kEthChannels = 14;
inline constexpr uint64_t kEthL1Bytes = 512 * 1024;
// Channel -> its NOC (x, y), in the soc descriptor's channel order.
GridXY eth_noc(uint32_t channel);
// NOC (x, y) -> the channel there, if any.
std::optional<uint32_t> eth_at_noc(uint32_t x, uint32_t y);

// Blackhole's Tensix (AI) clock: what tt-metal's device profiler reports as
// CHIP_FREQ and what converts its cycles to time.
inline constexpr uint32_t kBlackholeClockMhz = 1350;

// Throws Error(INVALID_ARGUMENT) naming the known ones.
const Arch& find_arch(std::string_view name);
const Arch& default_arch();

}  // namespace zyxtt
