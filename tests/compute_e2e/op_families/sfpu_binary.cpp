// SFPU binary ops on fp32 (appended to tile_loop.cpp), in the shape of
// tt-metal's eltwise_sfpu examples: A and B in DST 0 and 1, op t on tile t.
#include "api/compute/binary_max_min.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

void family_init() { init_sfpu(cb_a, cb_out); }

uint32_t apply(uint32_t t) {
  copy_a_and_b();
  switch (t) {
    case 0: add_binary_tile_init(); add_binary_tile(0, 1, 0); return 0;
    case 1: sub_binary_tile_init(); sub_binary_tile(0, 1, 0); return 0;
    case 2: rsub_binary_tile_init(); rsub_binary_tile(0, 1, 0); return 0;
    case 3: mul_binary_tile_init(); mul_binary_tile(0, 1, 0); return 0;
    case 4: div_binary_tile_init(); div_binary_tile(0, 1, 0); return 0;
    case 5: div_binary_tile_init(); div_no_nan_binary_tile(0, 1, 0); return 0;
    case 6: power_binary_tile_init(); power_binary_tile(0, 1, 0); return 0;
    case 7: binary_max_tile_init(); binary_max_tile(0, 1, 0); return 0;
    case 8: binary_min_tile_init(); binary_min_tile(0, 1, 0); return 0;
    case 9: eq_binary_tile_init(); eq_binary_tile(0, 1, 0); return 0;
    case 10: ne_binary_tile_init(); ne_binary_tile(0, 1, 0); return 0;
    case 11: lt_binary_tile_init(); lt_binary_tile(0, 1, 0); return 0;
    case 12: gt_binary_tile_init(); gt_binary_tile(0, 1, 0); return 0;
    case 13: le_binary_tile_init(); le_binary_tile(0, 1, 0); return 0;
    case 14: ge_binary_tile_init(); ge_binary_tile(0, 1, 0); return 0;
    default: sub_binary_tile_init(); sub_binary_tile(1, 0, 2); return 2;  // B - A into a third slot
  }
}
