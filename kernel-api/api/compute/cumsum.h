// cumsum_tile(idst, first): each column's running sum from row 0 down to row
// 31, in fp32 adds. The last row's sums stay in LREG7 (krt sfpu_lregs), so a
// call with first = false continues from the tile before (tiles in NWH order,
// as tt-metal's reader_unary_transpose_wh gives them); first = true starts
// from 0.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void cumsum_tile_init() {}
ALWI void cumsum_tile(uint32_t idst, bool first = true) {
  float* carry = reinterpret_cast<float*>(::zyxtt::krt::sfpu_lregs() + 7 * ::zyxtt::krt::kSfpuLanes);
  if (first)
    for (uint32_t c = 0; c < 32; ++c) carry[c] = 0.0f;
  ::zyxtt::krt::SfpuDstView view;
  ::zyxtt::krt::sfpu_dst_open(&view);
  if (idst >= view.tiles) ::zyxtt::krt::fail("cumsum_tile: DST tile index past the tiles in force");
  float* t = view.base + idst * ::zyxtt::krt::kTileWords;
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      float& v = t[::zyxtt::krt::dst_word(r, c)];
      v = carry[c] = carry[c] + v;
    }
  ::zyxtt::krt::sfpu_dst_close();
}
}  // namespace ckernel
