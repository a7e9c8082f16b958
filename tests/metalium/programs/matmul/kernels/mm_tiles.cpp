// Each output tile accumulates Kt tile products in DST.
#include <cstdint>

#include "api/compute/matmul.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  const uint32_t Kt = get_arg_val<uint32_t>(0);
  const uint32_t n = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_c = tt::CBIndex::c_16;
  mm_init(cb_a, cb_b, cb_c);
  for (uint32_t t = 0; t < n; ++t) {
    tile_regs_acquire();
    for (uint32_t kt = 0; kt < Kt; ++kt) {
      cb_wait_front(cb_a, 1);
      cb_wait_front(cb_b, 1);
      matmul_tiles(cb_a, cb_b, 0, 0, 0);
      cb_pop_front(cb_a, 1);
      cb_pop_front(cb_b, 1);
    }
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_c, 1);
    pack_tile(0, cb_c);
    cb_push_back(cb_c, 1);
    tile_regs_release();
  }
}
