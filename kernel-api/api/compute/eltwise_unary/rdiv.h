// rdiv_tile(idst, v): v / x, then truncated or floored per the RoundingMode template flag.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
enum class RoundingMode : uint8_t { None = 0, Trunc = 1, Floor = 2 };
ALWI void rdiv_tile_init() {}
template <RoundingMode rounding_mode = RoundingMode::None>
ALWI void rdiv_tile(uint32_t dst_index, uint32_t value, VectorMode /*vector_mode*/ = VectorMode::RC) {
  ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kRdiv, dst_index, value, uint32_t(rounding_mode));
}
}  // namespace ckernel
