// Tilizes n_blocks row-major strips of `block` tiles' width (c_0, one page
// per tile-width of a 32-row strip) into tiles (c_16) with the fast-tilize
// calls ttnn's tilize helper makes (tilize_helpers.inl). Compile-time arg:
// block; common arg: n_blocks.
#include <cstdint>

#include "api/compute/tilize.h"

void kernel_main() {
  constexpr uint32_t block = get_compile_time_arg_val(0);
  constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  const uint32_t n_blocks = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(in, out);
  fast_tilize_init_skip_remap(in, block, out);
  for (uint32_t b = 0; b < n_blocks; ++b) {
    cb_wait_front(in, block);
    cb_reserve_back(out, block);
    fast_tilize_block(in, block, out);
    cb_push_back(out, block);
    cb_pop_front(in, block);
  }
  fast_tilize_uninit(in, out, block);
}
