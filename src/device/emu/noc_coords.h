// Where worker cores and DRAM banks sit on the NOC.
#pragma once

#include <cstdint>

namespace zyxtt::emu {

// NOC coordinates (translated space, as on Blackhole): worker (col, row) sits at
// x = col + 1, skipping the DRAM / router columns 8 and 9, y = row + 2. DRAM
// bank b sits at (0, b). Injective, decoded by the same functions.
inline uint32_t worker_noc_x(uint32_t col) { return col < 7 ? col + 1 : col + 3; }
inline uint32_t worker_noc_y(uint32_t row) { return row + 2; }
inline constexpr uint32_t kDramNocX = 0;

}  // namespace zyxtt::emu
