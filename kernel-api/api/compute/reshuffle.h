// reshuffle_rows_tile(idst, idx_addr): scatter-add of rows (embedding
// backward): for each row i of DST tile idst whose destination byte d =
// L1[idx_addr + 16 + i] (past a 16-byte header) is below 32, row d of DST
// tile idst + 1 gets row i added (fp32). Tile idst + 1 is not cleared first;
// d >= 32 (255: skip) leaves row i out.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void reshuffle_rows_tile_init() {}
ALWI void reshuffle_rows_tile(uint32_t idst, uint32_t idx_addr) {
  const volatile uint8_t* idx = reinterpret_cast<const volatile uint8_t*>(static_cast<uintptr_t>(idx_addr) + 16);
  ::zyxtt::krt::SfpuDstView view;
  ::zyxtt::krt::sfpu_dst_open(&view);
  if (idst + 1 >= view.tiles) ::zyxtt::krt::fail("reshuffle_rows_tile: DST tile index past the tiles in force");
  const float* in = view.base + idst * ::zyxtt::krt::kTileWords;
  float* out = view.base + (idst + 1) * ::zyxtt::krt::kTileWords;
  for (uint32_t r = 0; r < 32; ++r) {
    const uint32_t d = idx[r];
    if (d >= 32) continue;
    for (uint32_t c = 0; c < 32; ++c) out[::zyxtt::krt::dst_word(d, c)] += in[::zyxtt::krt::dst_word(r, c)];
  }
  ::zyxtt::krt::sfpu_dst_close();
}
}  // namespace ckernel
