// 16-bit formats through unpack and pack: A (c_0, Float16_b) + B (c_1,
// Float16) on the SFPU in fp32 DST, packed into c_2 (Float16), unpacked
// again and packed into c_16 (Float16_b); pack_reconfig_data_format before
// each pack, as tt-metal kernels that change the output format do.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/tile_move_copy.h"

constexpr uint32_t kTiles = 16;

void kernel_main() {
  constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_mid = tt::CBIndex::c_2,
                     cb_out = tt::CBIndex::c_16;
  compute_kernel_hw_startup(cb_a, cb_b, cb_mid);
  for (uint32_t t = 0; t < kTiles; ++t) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(cb_a);
    copy_tile(cb_a, 0, 0);
    copy_tile_to_dst_init_short(cb_b);
    copy_tile(cb_b, 0, 1);
    add_binary_tile_init();
    add_binary_tile(0, 1, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_mid, 1);
    pack_reconfig_data_format(cb_mid);
    pack_tile(0, cb_mid);
    cb_push_back(cb_mid, 1);
    tile_regs_release();
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);

    cb_wait_front(cb_mid, 1);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(cb_mid);
    copy_tile(cb_mid, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_reconfig_data_format(cb_mid, cb_out);
    pack_tile(0, cb_out);
    cb_push_back(cb_out, 1);
    tile_regs_release();
    cb_pop_front(cb_mid, 1);
  }
}
