// c_16[t] = c_0[t] x c_1[t] through the LLK calls ttnn's reduce helpers make
// (reduce_helpers_compute.inl): a SrcA format reconfiguration, the matmul
// inits and the unpack / math split at HiFi4 and the MM_THROTTLE level,
// whatever MATH_FIDELITY the kernel is built with. Common arg: n_tiles.
#include <cstdint>

#include "api/compute/matmul.h"
#include "llk_math_eltwise_binary.h"  // included, unused, as ttnn's reduce_w_neg does

constexpr ckernel::MathFidelity kFidelity = ckernel::MathFidelity::HiFi4;

void kernel_main() {
  constexpr uint32_t in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(in0, in1, out);
  UNPACK((llk_unpack_reconfig_data_format_srca<DST_ACCUM_MODE, p_dim_stride_target::IGNORE>(in0, in1)));
  MATH((llk_math_reconfig_data_format_srca<DST_ACCUM_MODE>(in0, in1)));
  MATH((llk_math_matmul_init<kFidelity, MM_THROTTLE>(in0, in1, 0)));
  UNPACK((llk_unpack_AB_matmul_init(in0, in1, 0)));
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(in0, 1);
    cb_wait_front(in1, 1);
    tile_regs_acquire();
    UNPACK((llk_unpack_AB_matmul(in0, in1, 0, 0)));
    MATH((llk_math_matmul<kFidelity, MM_THROTTLE>(0)));
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(out, 1);
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in0, 1);
    cb_pop_front(in1, 1);
  }
}
