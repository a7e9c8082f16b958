// The packer writes DST tiles out row-major (untilized).
#pragma once

#include "api/compute/common.h"
#include "api/compute/reg_api.h"
#include "api/compute/tile_move_copy.h"

namespace ckernel {
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32>
ALWI void pack_untilize_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32>
ALWI void pack_untilize_dest_init(uint32_t ocb, uint32_t /*face_r_dim*/ = 16, uint32_t /*num_faces*/ = 4) {
  state_configure<Operand::PACK>(ocb, __builtin_LINE());
  zyxtt::krt::pack_reconfig(ocb);
}
ALWI void pack_untilize_uninit(uint32_t /*ocb*/ = 16) {}

// Newest form: (ocb, block_rt_dim, block_c_index, tile_dst_rt_offset).
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32, uint32_t tile_dst_ct_offset = 0, bool dense = false>
ALWI void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim = 1, uint32_t block_c_index = 0,
                             uint32_t tile_dst_rt_offset = 0) {
  zyxtt::krt::pack_untilize_dest(ocb, block_ct_dim, full_ct_dim, block_rt_dim, block_c_index,
                                 tile_dst_rt_offset + tile_dst_ct_offset);
}
// Older form with face geometry: (ocb, block_rt_dim, block_c_index, face_r_dim, num_faces[, tile_dst_offset]).
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32, uint32_t tile_dst_ct_offset = 0, bool dense = false>
ALWI void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim, uint32_t block_c_index, uint32_t /*face_r_dim*/,
                             uint32_t /*num_faces*/, uint32_t tile_dst_offset = 0) {
  zyxtt::krt::pack_untilize_dest(ocb, block_ct_dim, full_ct_dim, block_rt_dim, block_c_index, tile_dst_offset);
}

// Unpacks block_rt_dim x block_ct_dim tiles of icb (row-major over the block)
// and packs each block row untilized into ocb (caller waits / reserves).
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb, uint32_t block_c_index = 0) {
  for (uint32_t r = 0; r < block_rt_dim; ++r) {
    zyxtt::krt::dst_acquire();
    for (uint32_t c = 0; c < block_ct_dim; ++c) zyxtt::krt::copy_tile(icb, r * block_ct_dim + c, c);
    zyxtt::krt::dst_commit();
    zyxtt::krt::dst_wait();
    zyxtt::krt::pack_untilize_dest(ocb, block_ct_dim, full_ct_dim, 1, block_c_index, 0, r);
    zyxtt::krt::dst_release();
  }
}
}  // namespace ckernel
