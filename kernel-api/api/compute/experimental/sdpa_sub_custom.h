// tt-metal's api/compute/experimental/sdpa_sub_custom.h: SDPA's "x - rowmax"
// over a row of ct_dim tiles: DST[idst + j] = A[itile0 + j] - B[itile1][r][0]
// spread over each row, j < ct_dim (sub_tiles_bcast_cols per tile).
#pragma once

#include "api/compute/common.h"
#include "api/compute/bcast.h"

namespace ckernel {
ALWI void sub_bcast_cols_init_short_custom(uint32_t icb0, uint32_t icb1, uint32_t /*ct_dim*/,
                                           uint32_t call_line = __builtin_LINE()) {
  sub_bcast_cols_init_short(icb0, icb1, call_line);
}
ALWI void sub_tiles_bcast_cols_custom(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
                                      uint32_t ct_dim) {
  for (uint32_t j = 0; j < ct_dim; ++j) sub_tiles_bcast_cols(icb0, icb1, itile0 + j, itile1, idst + j);
}
}  // namespace ckernel
