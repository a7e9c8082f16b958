// Where worker cores and DRAM banks sit on the NOC.
#pragma once

#include <cstdint>

#include "zyxtt/noc_addr.h"

namespace zyxtt::emu {

// NOC coordinates (translated space, as on Blackhole): worker (col, row) sits at
// x = col + 1, skipping the DRAM / router columns 8 and 9, y = row + 2. DRAM
// bank b sits at (noc::kDramX, b) (kernel-api/zyxtt/noc_addr.h). Injective,
// decoded by the same functions.
inline uint32_t worker_noc_x(uint32_t col) { return col < 7 ? col + noc::kTensixStartX : col + 3; }
inline uint32_t worker_noc_y(uint32_t row) { return row + noc::kTensixStartY; }

}  // namespace zyxtt::emu
