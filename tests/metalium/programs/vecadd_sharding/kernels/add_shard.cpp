// Adds the core's n tiles of CBs 0 and 1 into CB 16, all in place in L1.
#include <cstdint>

#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_c = tt::CBIndex::c_16;
  binary_op_init_common(cb_a, cb_b, cb_c);
  add_tiles_init(cb_a, cb_b);
  cb_wait_front(cb_a, n_tiles);
  cb_wait_front(cb_b, n_tiles);
  cb_reserve_back(cb_c, n_tiles);
  for (uint32_t i = 0; i < n_tiles; ++i) {
    tile_regs_acquire();
    add_tiles(cb_a, cb_b, i, i, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, cb_c, i);
    tile_regs_release();
  }
  cb_push_back(cb_c, n_tiles);
  cb_pop_front(cb_a, n_tiles);
  cb_pop_front(cb_b, n_tiles);
}
