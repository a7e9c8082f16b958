// isclose_binary_tile<EQUAL_NAN>(a, b, out, rtol_bits, atol_bits): 1.0 where
// |a - b| <= atol + rtol * |b| (fp32), else 0.0, as torch.isclose. A NaN is
// close to nothing; with EQUAL_NAN, NaN is close to NaN. Equal infinities are
// close.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool EQUAL_NAN = false>
ALWI void isclose_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst, uint32_t rtol_bits, uint32_t atol_bits) {
  ::zyxtt::kernel::ternary(EQUAL_NAN ? ::zyxtt::krt::SfpuTernaryOp::kIscloseNan : ::zyxtt::krt::SfpuTernaryOp::kIsclose,
                           idst0, idst1, idst1, odst, rtol_bits, atol_bits);
}
ALWI void isclose_binary_tile_init() {}
}  // namespace ckernel
