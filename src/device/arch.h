// The architectures the runtime knows, one row each. Everything else reads
// its numbers from here.
#pragma once

#include <cstdint>
#include <string_view>

namespace zyxtt {

struct Arch {
  std::string_view name;
  uint32_t grid_rows;       // gd0 limit (y)
  uint32_t grid_cols;       // gd1 limit (x)
  uint64_t l1_bytes;        // per Tensix core
  uint32_t dram_banks;
  uint64_t dram_bank_bytes;  // usable per bank
  uint32_t dram_alignment;   // NOC read alignment for DRAM
  uint32_t l1_alignment;

  uint64_t dram_bytes() const { return uint64_t{dram_banks} * dram_bank_bytes; }
};

// Throws Error(INVALID_ARGUMENT) naming the known ones.
const Arch& find_arch(std::string_view name);
const Arch& default_arch();

}  // namespace zyxtt
