// Copies n_tiles tiles of c_1 (Float16) to c_16 with a 16-bit DST, after the
// hw startup configured the unpacker for c_0 (Float16_b). The LLK SrcA
// reconfiguration (as ttnn's reduce helpers make it) switches DST to fp16, so
// fp16 values pass exactly; under SKIP_RECONFIG the unpacker still reads as
// bf16 and DST keeps bf16 precision; under USE_SENTINEL an enabled
// SentinelCore makes the reconfiguration instead (and its test spy sees it).
// copy_tile_init is left out on purpose: it would reconfigure too.
// Common arg: n_tiles.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/sentinel/sentinel_core.h"  // its spy: TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED from the host

void kernel_main() {
  constexpr uint32_t bf16_in = tt::CBIndex::c_0, fp16_in = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
  const uint32_t n_tiles = get_common_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(bf16_in, out);
#if defined(USE_SENTINEL)
  ckernel::SentinelCore sentinel;
  ckernel::StateMonitorSpy spy;
  sentinel.set_spy(&spy);
  sentinel.set_srca(bf16_in).set_pack(out);
  sentinel.enable();
  sentinel.inject_all_operands(fp16_in, fp16_in, out);  // SrcA and SrcB change, pack does not
  ASSERT(spy.verify_calls(RECONFIG_CHANGED_SRCA | RECONFIG_CHANGED_SRCB));
  ASSERT(sentinel.srca() == fp16_in && sentinel.pack() == out);
#elif !defined(SKIP_RECONFIG)
  UNPACK((llk_unpack_reconfig_data_format_srca<DST_ACCUM_MODE, p_dim_stride_target::IGNORE>(bf16_in, fp16_in)));
  MATH((llk_math_reconfig_data_format_srca<DST_ACCUM_MODE>(bf16_in, fp16_in)));
#endif
  for (uint32_t t = 0; t < n_tiles; ++t) {
    cb_wait_front(bf16_in, 1);
    cb_wait_front(fp16_in, 1);
    tile_regs_acquire();
    copy_tile(fp16_in, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(out, 1);
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(bf16_in, 1);
    cb_pop_front(fp16_in, 1);
  }
}
