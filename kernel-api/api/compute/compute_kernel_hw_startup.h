// One-time compute setup at the top of a kernel (newest init model).
#pragma once

#include "api/compute/common_globals.h"
#include "api/compute/sentinel/compute_kernel_sentinel.h"

namespace ckernel {
template <SrcOrder order = SrcOrder::Default>
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  zyxtt::krt::compute_configure(icb0, icb1, ocb);
  sentinel_hw_startup(icb0, icb1, ocb);
}
template <SrcOrder order = SrcOrder::Default>
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb) {
  compute_kernel_hw_startup<order>(icb0, icb0, ocb);
}
}  // namespace ckernel
