// Tile matrix multiply: DST += A . B (both naming eras of the inits).
#pragma once

#include "api/compute/common.h"

namespace ckernel {
ALWI void mm_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t out_cb_id = 16, uint32_t transpose = 0,
                  uint32_t call_line = __builtin_LINE()) {
  state_configure(in1_cb_id, in0_cb_id, out_cb_id, call_line);  // SrcA holds in1, SrcB in0
  zyxtt::krt::compute_configure(in0_cb_id, in1_cb_id, out_cb_id);
  zyxtt::krt::matmul_configure(transpose);
}
ALWI void mm_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t transpose = 0,
                        uint32_t call_line = __builtin_LINE()) {
  state_configure(in1_cb_id, in0_cb_id, call_line);
  zyxtt::krt::unpack_reconfig(in0_cb_id, in1_cb_id);
  zyxtt::krt::matmul_configure(transpose);
}
ALWI void mm_init_short_with_dt(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t /*c_in_old_srca*/ = 2,
                                uint32_t transpose = 0) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose);
}
ALWI void mm_block_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t out_cb_id = 16,
                        uint32_t transpose = 0, uint32_t /*ct_dim*/ = 1, uint32_t /*rt_dim*/ = 1,
                        uint32_t /*kt_dim*/ = 1, uint32_t call_line = __builtin_LINE()) {
  mm_init(in0_cb_id, in1_cb_id, out_cb_id, transpose, call_line);
}
ALWI void mm_block_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t transpose = 0,
                              uint32_t /*ct_dim*/ = 1, uint32_t /*rt_dim*/ = 1, uint32_t /*kt_dim*/ = 1,
                              uint32_t call_line = __builtin_LINE()) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose, call_line);
}
ALWI void mm_block_init_short_with_dt(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t /*old_in1_cb_id*/ = 2,
                                      uint32_t transpose = 0, uint32_t /*ct_dim*/ = 1, uint32_t /*rt_dim*/ = 1,
                                      uint32_t /*kt_dim*/ = 1, uint32_t call_line = __builtin_LINE()) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose, call_line);
}
// Newest names (after compute_kernel_hw_startup<SrcOrder::Reverse>).
ALWI void matmul_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose);
}
ALWI void matmul_block_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0, uint32_t /*ct_dim*/ = 1,
                            uint32_t /*rt_dim*/ = 1, uint32_t /*kt_dim*/ = 1) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose);
}

ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index, uint32_t in1_tile_index,
                       uint32_t idst) {
  zyxtt::krt::matmul(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, zyxtt::krt::matmul_transpose(), 1,
                     1, 1);
}
// Older trees passed transpose per call.
ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index, uint32_t in1_tile_index,
                       uint32_t idst, const uint32_t transpose) {
  zyxtt::krt::matmul(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, transpose, 1, 1, 1);
}
ALWI void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index, uint32_t in1_tile_index,
                       uint32_t idst, const uint32_t transpose, uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim,
                       uint32_t call_line = __builtin_LINE()) {
  state_configure(in1_cb_id, in0_cb_id, call_line);
  zyxtt::krt::matmul(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, transpose, ct_dim, rt_dim, kt_dim);
}
}  // namespace ckernel
