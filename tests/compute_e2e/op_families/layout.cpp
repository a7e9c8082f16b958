// Layout changes on pairs of fp32 tiles (a 32 x 64 strip): pairs 0-1
// untilize_block, pairs 2-3 pack_untilize_block, pairs 4-7 tilize_block.
// B is read but unused.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"

constexpr uint32_t kPairs = 8;

void kernel_main() {
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;
  compute_kernel_hw_startup(cb_a, cb_out);
  for (uint32_t p = 0; p < kPairs; ++p) {
    cb_wait_front(cb_a, 2);
    cb_reserve_back(cb_out, 2);
    if (p < 2) {
      untilize_init(cb_a);
      untilize_block(cb_a, 2, cb_out);
      untilize_uninit(cb_a);
    } else if (p < 4) {
      pack_untilize_init<2>(cb_a, cb_out);
      pack_untilize_block<2>(cb_a, 1, cb_out);
      pack_untilize_uninit(cb_out);
    } else {
      tilize_init(cb_a, 2, cb_out);
      tilize_block(cb_a, 2, cb_out);
      tilize_uninit(cb_a, cb_out);
    }
    cb_push_back(cb_out, 2);
    cb_pop_front(cb_a, 2);
    cb_wait_front(cb_b, 2);
    cb_pop_front(cb_b, 2);
  }
}
