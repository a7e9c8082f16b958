// tt-metal's api/compute/experimental/pack_block.h (Blackhole): num_tiles DST
// tiles from ifrom_dst packed into the next num_tiles slots of ocb in one call,
// as that many pack_tile calls would.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
#ifdef ARCH_BLACKHOLE
ALWI void pack_block_contiguous_init(uint32_t ocb) { zyxtt::krt::pack_reconfig(ocb); }
ALWI void pack_block_contiguous(uint32_t ifrom_dst, uint32_t ocb, uint32_t num_tiles, ZYXTT_SITE_PARAMS) {
  pack_tile_block(ifrom_dst, ocb, num_tiles, ZYXTT_SITE);
}
#endif
}  // namespace ckernel
