// FPU (matrix engine) element-wise binary ops on two CB tiles.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16) {
  zyxtt::krt::compute_configure(icb0, icb1, ocb);
}
template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool /*acc_to_dest*/ = false) {
  if constexpr (full_init) zyxtt::krt::unpack_reconfig(icb0, icb1);
}
ALWI void add_tiles_init(uint32_t icb0, uint32_t icb1, bool /*acc_to_dest*/ = false) { zyxtt::krt::unpack_reconfig(icb0, icb1); }
ALWI void sub_tiles_init(uint32_t icb0, uint32_t icb1, bool /*acc_to_dest*/ = false) { zyxtt::krt::unpack_reconfig(icb0, icb1); }
ALWI void mul_tiles_init(uint32_t icb0, uint32_t icb1) { zyxtt::krt::unpack_reconfig(icb0, icb1); }
ALWI void mul_tiles_init(uint32_t icb0, uint32_t icb1, uint32_t /*acc_to_dest*/) { zyxtt::krt::unpack_reconfig(icb0, icb1); }
// Oldest forms without CB arguments.
ALWI void add_tiles_init() {}
ALWI void add_tiles_init_nof() {}
ALWI void sub_tiles_init() {}
ALWI void sub_tiles_init_nof() {}
ALWI void mul_tiles_init() {}
ALWI void mul_tiles_init_f() {}

ALWI void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  zyxtt::krt::fpu_binary(zyxtt::krt::FpuBinaryOp::kAdd, icb0, icb1, itile0, itile1, idst);
}
ALWI void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  zyxtt::krt::fpu_binary(zyxtt::krt::FpuBinaryOp::kSub, icb0, icb1, itile0, itile1, idst);
}
ALWI void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  zyxtt::krt::fpu_binary(zyxtt::krt::FpuBinaryOp::kMul, icb0, icb1, itile0, itile1, idst);
}
}  // namespace ckernel
