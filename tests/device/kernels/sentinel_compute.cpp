// Inits report the CBs they configure to ComputeKernelSentinel (built with
// TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED and _TESTING_ENABLED): after each
// step below its test spy must have seen exactly the RECONFIG_CHANGED_* bits
// of runtime arg `step` (the host's expectation), else the run fails.
// CBs c_0, c_1, c_2, c_16, c_17 exist; nothing is read or written.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/matmul.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/reduce.h"
#include "api/compute/sentinel/compute_kernel_sentinel.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/untilize.h"

void kernel_main() {
  constexpr uint32_t a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, c = tt::CBIndex::c_2;
  constexpr uint32_t out = tt::CBIndex::c_16, out2 = tt::CBIndex::c_17;
  uint32_t step = 0;
  const auto check = [&] { ASSERT(TEST_RECONFIG_CALLS(get_arg_val<uint32_t>(step++))); };

  binary_op_init_common(a, b, out);  // this core's sentinel starts with no CBs
  check();
  compute_kernel_hw_startup(b, a, out2);  // sets all three, reports nothing
  check();
  binary_op_init_common(a, b, out);
  check();
  binary_op_init_common(a, b, out);
  check();
  mm_init(a, b, out2);  // SrcA takes in1 (b), SrcB in0 (a)
  check();
  copy_tile_to_dst_init_short(b);
  check();
  pack_untilize_dest_init<1>(out);
  check();
  untilize_init(c);
  check();
  reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(c, b, out);
  check();
  unary_op_init_common(a, out2);
  check();
  ASSERT(ComputeKernelSentinel::instance().srca() == get_arg_val<uint32_t>(step));
  ASSERT(ComputeKernelSentinel::instance().srcb() == get_arg_val<uint32_t>(step + 1));
  ASSERT(ComputeKernelSentinel::instance().pack() == get_arg_val<uint32_t>(step + 2));
}
