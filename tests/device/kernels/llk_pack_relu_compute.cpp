// Copies n_tiles tiles of c_0 to c_16, tile t packed under the packer ReLU
// set the way ttnn's binary_ng and matmul kernels set it:
//   t % 4 == 0: llk_pack_relu_config(ReluConfig::zero())   -> max(x, 0)
//   t % 4 == 1: llk_pack_relu_config(ReluConfig::none())   -> x
//   t % 4 == 2: pack_relu_config(zero), then llk_pack_hw_configure(c_16),
//               which programs the packer afresh with ReLU off -> x
//   t % 4 == 3: llk_pack_hw_configure(params with ZERO_RELU) -> max(x, 0)
// Common arg: n_tiles.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(in, out);
  copy_tile_init(in);
  for (uint32_t t = 0; t < n_tiles; ++t) {
    switch (t % 4) {
      case 0: PACK((llk_pack_relu_config(ReluConfig::zero()))); break;
      case 1: PACK((llk_pack_relu_config(ReluConfig::none()))); break;
      case 2:
        pack_relu_config(ReluConfig::zero());
        PACK((llk_pack_hw_configure<DST_ACCUM_MODE>(out)));
        break;
      default: {
        llk_pack_params_t params{};
        params.pack_output = out;
        params.relu_config.f.ApplyRelu = static_cast<uint32_t>(ReluType::ZERO_RELU);
        PACK((llk_pack_hw_configure<DST_ACCUM_MODE>(&params)));
      }
    }
    cb_wait_front(in, 1);
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(out, 1);
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
  }
}
