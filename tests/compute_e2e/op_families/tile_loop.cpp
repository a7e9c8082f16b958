// The tile loop of the per-tile op families: the test sends this file with
// a family's source appended, which defines family_init() and apply(t).
// Tile t of A (c_0) and B (c_1) goes through apply, which leaves its result
// in the DST slot it returns; that slot is packed into c_16.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

constexpr uint32_t kTiles = 16;
constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;

void family_init();
uint32_t apply(uint32_t t);

// For the SFPU families: A into DST 0, B into DST 1.
void copy_a_and_b() {
  copy_tile_to_dst_init_short(cb_a);
  copy_tile(cb_a, 0, 0);
  copy_tile_to_dst_init_short(cb_b);
  copy_tile(cb_b, 0, 1);
}

void kernel_main() {
  family_init();
  for (uint32_t t = 0; t < kTiles; ++t) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    const uint32_t result = apply(t);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(result, cb_out);
    cb_push_back(cb_out, 1);
    tile_regs_release();
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);
  }
}
