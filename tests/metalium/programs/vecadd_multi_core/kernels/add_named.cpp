// cb_c = cb_a + cb_b for n tiles; CB ids are named compile-time args.
#include <cstdint>

#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  constexpr uint32_t cb_a = get_named_compile_time_arg_val("cb_a");
  constexpr uint32_t cb_b = get_named_compile_time_arg_val("cb_b");
  constexpr uint32_t cb_c = get_named_compile_time_arg_val("cb_c");
  const uint32_t n = get_arg_val<uint32_t>(1);
  binary_op_init_common(cb_a, cb_b, cb_c);
  add_tiles_init(cb_a, cb_b);
  for (uint32_t i = 0; i < n; ++i) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    add_tiles(cb_a, cb_b, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_c, 1);
    pack_tile(0, cb_c);
    cb_push_back(cb_c, 1);
    tile_regs_release();
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);
  }
}
