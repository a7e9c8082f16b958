// Row-major strip -> tiles. tilize_block runs its own DST handshake on
// silicon; the emulator converts straight from icb to ocb.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
ALWI void tilize_init(uint32_t icb, uint32_t /*block*/, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
ALWI void tilize_init_short(uint32_t icb, uint32_t /*block*/, uint32_t ocb) { zyxtt::krt::compute_configure(icb, icb, ocb); }
ALWI void tilize_init_short_with_dt(uint32_t /*old_icb*/, uint32_t new_icb, uint32_t /*block*/, uint32_t ocb) {
  zyxtt::krt::compute_configure(new_icb, new_icb, ocb);
}
ALWI void tilize_uninit(uint32_t /*icb*/, uint32_t /*ocb*/) {}
// The init of tilize-A-then-reduce-by-B-scaler: configures the three operands
// (the unpack_tilizeA_B block ops it pairs with are not provided yet).
template <bool neginf_srcA = true, bool zero_srcA_reduce = false>
ALWI void tilizeA_B_reduce_init(uint32_t icb0, uint32_t icb1_scaler, uint32_t /*block*/, uint32_t ocb,
                                uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1_scaler, ocb, call_line);
  zyxtt::krt::compute_configure(icb0, icb1_scaler, ocb);
}
ALWI void tilize_uninit_with_dt(uint32_t /*old_icb*/, uint32_t /*new_icb*/, uint32_t /*ocb*/) {}
ALWI void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t input_tile_index = 0,
                       uint32_t output_tile_index = 0) {
  zyxtt::krt::tilize_block(icb, block, ocb, input_tile_index, output_tile_index);
}
// Fast tilize: the same tiles by another unpack/math/pack program on
// silicon. Its "remap" variants only choose whether math reprograms the DST
// address remapping, which the emulator does not have (zyxtt/llk.h).
ALWI void fast_tilize_init(uint32_t icb, uint32_t /*full_dim*/, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
ALWI void fast_tilize_init_skip_remap(uint32_t icb, uint32_t full_dim, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  fast_tilize_init(icb, full_dim, ocb, call_line);
}
ALWI void fast_tilize_init_with_dt(uint32_t icb, uint32_t full_dim, uint32_t ocb) {
  fast_tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_init_with_dt_skip_remap(uint32_t icb, uint32_t full_dim, uint32_t ocb) {
  fast_tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_uninit(uint32_t /*icb*/, uint32_t /*ocb*/, uint32_t /*full_dim*/) {}
// Older trees' form without the block width.
ALWI void fast_tilize_uninit(uint32_t /*icb*/, uint32_t /*ocb*/) {}
ALWI void fast_tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t input_tile_index = 0,
                            uint32_t output_tile_index = 0) {
  zyxtt::krt::tilize_block(icb, block, ocb, input_tile_index, output_tile_index);
}
}  // namespace ckernel
