// n_tiles (common arg) matmuls of the tiles in c_0 and c_1, nothing packed:
// the matrix engine alone, at the program's math fidelity.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/matmul.h"

void kernel_main() {
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  mm_init(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
  cb_wait_front(tt::CBIndex::c_0, 1);
  cb_wait_front(tt::CBIndex::c_1, 1);
  tile_regs_acquire();
  for (uint32_t t = 0; t < n_tiles; ++t) matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  tile_regs_release();
  cb_pop_front(tt::CBIndex::c_0, 1);
  cb_pop_front(tt::CBIndex::c_1, 1);
}
