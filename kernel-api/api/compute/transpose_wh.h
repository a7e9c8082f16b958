// Full 32x32 transpose of a CB tile into DST (deprecated name; see transpose.h).
#pragma once

#include "api/compute/common.h"

namespace ckernel {
ALWI void transpose_wh_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::SRCA, Operand::PACK>(icb, ocb, call_line);
  zyxtt::krt::compute_configure(icb, icb, ocb);
}
ALWI void transpose_wh_init_short(uint32_t icb, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb, call_line);
  zyxtt::krt::unpack_reconfig(icb, icb);
}
ALWI void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst) { zyxtt::krt::transpose_wh(icb, itile, idst); }
ALWI void transpose_init(uint32_t icb) { zyxtt::krt::unpack_reconfig(icb, icb); }
ALWI void transpose_tile(uint32_t icb, uint32_t itile, uint32_t idst) { zyxtt::krt::transpose_wh(icb, itile, idst); }
}  // namespace ckernel
