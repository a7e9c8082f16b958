// Blackhole's fast untilize (tt-metal's api/compute/experimental/fast_untilize.h):
// silicon packs wider row-major strips; the result is untilize_block's, which
// it is here. Self-synchronizing like untilize_block.
#pragma once

#include "api/compute/common_globals.h"
#include "api/compute/untilize.h"

namespace ckernel {
template <std::uint32_t full_ct_dim, bool configure_remap = true>
ALWI void fast_untilize_init_impl(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  static_assert(full_ct_dim > 0, "fast_untilize full_ct_dim must be greater than 0");
  untilize_init(icb, ocb);
}
template <std::uint32_t full_ct_dim>
ALWI void fast_untilize_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  fast_untilize_init_impl<full_ct_dim, true>(icb, ocb, call_line);
}
template <std::uint32_t full_ct_dim>
ALWI void fast_untilize_init_skip_remap(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  fast_untilize_init_impl<full_ct_dim, false>(icb, ocb, call_line);
}
// One row of full_ct_dim tiles of icb, row-major into ocb.
template <std::uint32_t full_ct_dim>
ALWI void fast_untilize_block(uint32_t icb, uint32_t ocb, uint32_t input_tile_index = 0,
                              uint32_t output_tile_index = 0) {
  static_assert(full_ct_dim > 0, "fast_untilize full_ct_dim must be greater than 0");
  if (input_tile_index != 0 || output_tile_index != 0) {
    ::zyxtt::krt::fail("fast_untilize_block with nonzero tile indices is not emulated");
  }
  ::zyxtt::krt::untilize_block(icb, full_ct_dim, ocb);
}
template <std::uint32_t full_ct_dim>
ALWI void fast_untilize_uninit(uint32_t /*ocb*/) {}
}  // namespace ckernel
