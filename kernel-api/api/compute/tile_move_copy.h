// CB tile -> DST (unpack + datacopy).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void copy_tile_to_dst_init_short(uint32_t cbid, uint32_t /*transpose*/ = 0, uint32_t /*transpose_within_16x16_face*/ = false,
                                      uint32_t call_line = __builtin_LINE()) {
  state_configure(cbid, call_line);
  zyxtt::krt::unpack_reconfig(cbid, ~0u);
}
ALWI void copy_tile_init(uint32_t cbid, uint32_t call_line = __builtin_LINE()) { copy_tile_to_dst_init_short(cbid, 0, false, call_line); }
ALWI void copy_tile_init() {}  // oldest form, no CB argument
ALWI void copy_init(uint32_t cbid) { zyxtt::krt::unpack_reconfig(cbid, ~0u); }
ALWI void copy_tile_to_dst_init_short_with_dt(uint32_t /*old_cbid*/, uint32_t new_cbid, uint32_t /*transpose*/ = 0) {
  zyxtt::krt::unpack_reconfig(new_cbid, ~0u);
}

ALWI void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
  zyxtt::krt::copy_tile(in_cb_id, in_tile_index, dst_tile_index);
}

ALWI void copy_block_matmul_partials(uint32_t in_cb_id, uint32_t start_in_tile_index, uint32_t start_dst_tile_index,
                                     uint32_t ntiles) {
  for (uint32_t i = 0; i < ntiles; ++i) zyxtt::krt::copy_tile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
}
}  // namespace ckernel
