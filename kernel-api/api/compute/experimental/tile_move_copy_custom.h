// tt-metal's api/compute/experimental/tile_move_copy_custom.h (Blackhole):
// copy_tile through SDPA's own address modifiers; the same CB tile -> DST move.
#pragma once

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

namespace ckernel {
#ifdef ARCH_BLACKHOLE
ALWI void copy_tile_custom(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
  copy_tile(in_cb_id, in_tile_index, dst_tile_index);
}
#endif
}  // namespace ckernel
