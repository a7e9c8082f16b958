// out = a + b, tile by tile; CBs and tile count from named compile-time args.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"

void kernel_main() {
  constexpr uint32_t cb_a = get_named_compile_time_arg_val("cb_a");
  constexpr uint32_t cb_b = get_named_compile_time_arg_val("cb_b");
  constexpr uint32_t cb_out = get_named_compile_time_arg_val("cb_out");
  constexpr uint32_t tiles = get_named_compile_time_arg_val("tiles_per_core");
  binary_op_init_common(cb_a, cb_b, cb_out);
  add_tiles_init(cb_a, cb_b);
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    add_tiles(cb_a, cb_b, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);
  }
}
