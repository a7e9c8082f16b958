// SFPU binary ops on DST with the CircularBuffer object in compute:
// y = a * b + a, three DST slots.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/tile_move_copy.h"
#include "api/dataflow/circular_buffer.h"

void kernel_main() {
  constexpr uint32_t kTilesPerCore = 5;
  CircularBuffer cb_a(tt::CBIndex::c_0);
  CircularBuffer cb_b(tt::CBIndex::c_1);
  CircularBuffer cb_out(tt::CBIndex::c_16);

  init_sfpu(cb_a.get_cb_id(), cb_out.get_cb_id());
  mul_binary_tile_init();
  add_binary_tile_init();
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_a.wait_front(1);
    cb_b.wait_front(1);
    tile_regs_acquire();
    copy_tile(cb_a.get_cb_id(), 0, 0);
    copy_tile(cb_b.get_cb_id(), 0, 1);
    mul_binary_tile(0, 1, 2);
    add_binary_tile(2, 0, 2);
    tile_regs_commit();
    tile_regs_wait();
    cb_out.reserve_back(1);
    pack_tile(2, cb_out.get_cb_id());
    cb_a.pop_front(1);
    cb_b.pop_front(1);
    tile_regs_release();
    cb_out.push_back(1);
  }
}
