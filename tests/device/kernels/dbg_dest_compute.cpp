// Copies n_tiles Float32 tiles of c_0 to c_16 through DST, editing DST from
// the kernel with the debug DST access (compute_kernel_api_debug.h):
//   even tiles: read as Float32, x -> 2x + 1, written back as Float32;
//   odd tiles: read as Float16_b and written back (top 16 bits of each word).
// Common arg: n_tiles.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_api_debug.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(in, out);
  copy_tile_init(in);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(in, 1);
    tile_regs_acquire();
    copy_tile(in, 0, 1);
    if (t % 2 == 0) {
      float v[1024];
      dbg_read_dest_tile<DataFormat::Float32>(1, v);
      for (float& x : v) x = 2.0f * x + 1.0f;
      dbg_write_dest_tile<DataFormat::Float32>(1, v);
    } else {
      uint16_t h[1024];
      dbg_read_dest_tile<DataFormat::Float16_b>(1, h, false);
      dbg_write_dest_tile<DataFormat::Float16_b>(1, h, false);
    }
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(out, 1);
    pack_tile(1, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
  }
}
