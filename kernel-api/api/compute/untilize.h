// Tiles -> row-major strip (32 rows x 32*full_ct_dim).
#pragma once

#include "api/compute/common.h"

namespace ckernel {
// tt-metal's (icb, call_line) would clash with the older (icb, ocb); the
// sentinel's line is then this header's.
ALWI void untilize_init(uint32_t icb) {
  state_configure(icb, __builtin_LINE());
  zyxtt::krt::unpack_reconfig(icb, icb);
}
ALWI void untilize_init(uint32_t icb, uint32_t ocb) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, __builtin_LINE());
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
ALWI void untilize_init_short(uint32_t icb) { zyxtt::krt::unpack_reconfig(icb, icb); }
ALWI void untilize_uninit(uint32_t /*icb*/) {}
template <uint32_t block_ct_dim = 1>
ALWI void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb) {
  zyxtt::krt::untilize_block(icb, full_ct_dim, ocb);
}
}  // namespace ckernel
