// FPU (matrix engine) element-wise binary ops on two CB tiles.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, ocb, call_line);
  zyxtt::krt::compute_configure(icb0, icb1, ocb);
}
// acc_to_dest: the op adds into DST (DST += A op B) instead of writing it.
template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, call_line);
  if constexpr (full_init) zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(acc_to_dest);
}
ALWI void add_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, call_line);
  zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(acc_to_dest);
}
ALWI void sub_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, call_line);
  zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(acc_to_dest);
}
ALWI void mul_tiles_init(uint32_t icb0, uint32_t icb1, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, call_line);
  zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(false);
}
ALWI void mul_tiles_init(uint32_t icb0, uint32_t icb1, uint32_t acc_to_dest, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, icb1, call_line);
  zyxtt::krt::unpack_reconfig(icb0, icb1);
  zyxtt::krt::fpu_accumulate(acc_to_dest != 0);
}
// Oldest forms without CB arguments.
ALWI void add_tiles_init() { zyxtt::krt::fpu_accumulate(false); }
ALWI void add_tiles_init_nof() { zyxtt::krt::fpu_accumulate(false); }
ALWI void sub_tiles_init() { zyxtt::krt::fpu_accumulate(false); }
ALWI void sub_tiles_init_nof() { zyxtt::krt::fpu_accumulate(false); }
ALWI void mul_tiles_init() { zyxtt::krt::fpu_accumulate(false); }
ALWI void mul_tiles_init_f() { zyxtt::krt::fpu_accumulate(false); }

namespace zyxtt_detail {
// The FPU's op of an EltwiseBinaryType: what the FPU does not do (ELWDIV,
// ELWLESS) does not compile.
template <EltwiseBinaryType t>
constexpr zyxtt::krt::FpuBinaryOp fpu_op() {
  static_assert(t == ELWADD || t == ELWSUB || t == ELWMUL, "the FPU's binary ops are ELWADD, ELWSUB and ELWMUL");
  return t == ELWSUB ? zyxtt::krt::FpuBinaryOp::kSub
                     : (t == ELWMUL ? zyxtt::krt::FpuBinaryOp::kMul : zyxtt::krt::FpuBinaryOp::kAdd);
}
}  // namespace zyxtt_detail

// DEST_TO_SRCA: DST[d] = DST[d] op tile; DEST_TO_SRCB: DST[d] = tile op DST[d].
template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(uint32_t icb0, uint32_t call_line = __builtin_LINE()) {
  state_configure(icb0, call_line);
  static_assert(eltwise_binary_type == ELWADD || eltwise_binary_type == ELWSUB || eltwise_binary_type == ELWMUL,
                "binary_dest_reuse_tiles: ELWADD, ELWSUB or ELWMUL");
  zyxtt::krt::unpack_reconfig(icb0, icb0);
}
template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
  zyxtt::krt::fpu_dest_reuse(zyxtt_detail::fpu_op<eltwise_binary_type>(), in_cb_id, in_tile_index, dst_tile_index,
                             static_cast<uint32_t>(binary_reuse_dest));
}

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
