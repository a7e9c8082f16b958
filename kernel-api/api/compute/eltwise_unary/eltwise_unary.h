// Common init for unary / SFPU kernels: unpack A from icb, pack to ocb.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void unary_op_init_common(uint32_t icb, uint32_t ocb = 16, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
ALWI void unary_op_init_common_no_pack(uint32_t icb) { zyxtt::krt::unpack_reconfig(icb, icb); }
ALWI void init_sfpu(uint32_t icb, uint32_t ocb = 16, uint32_t call_line = __builtin_LINE()) { unary_op_init_common(icb, ocb, call_line); }
}  // namespace ckernel
