// tt-metal's LLK API (llk_math_*, llk_unpack_*, llk_pack_*): the calls the
// compute API is built from, which ttnn's kernel helpers also make directly.
// Reached through every compute API header and through tt-metal's own file
// names (llk_math_matmul_api.h and friends include this one).
//
// What changes results does what silicon does: data-format reconfiguration
// (the unpacker's format decides the 16-bit DST format), the matmul split
// (the unpacker loads SrcA/SrcB, math multiplies them, at the call's math
// fidelity), the packer's output CB, ReLU and L1 accumulation, pack itself.
// The rest only programs silicon state the emulator does not have, so it is a
// no-op here, and this is the one place that says why:
//  - math-side format and hw configuration: the emulator's math reads the
//    unpacked values, whose format the unpacker side already fixed;
//  - MOP / address-counter / dest-offset / sync setup (llk_*_init of reduce,
//    pack dest, pack sync): each op call computes from its own arguments;
//  - throttling (MM_THROTTLE levels): a power knob, results are the same;
//  - tile geometry (face_r_dim, num_faces, dim-stride targets): 32x32 tiles.
#pragma once

#include <cstdint>

#include "llk_defs.h"
#include "zyxtt/krt.h"

// tt-metal's default matmul throttle level (its api/compute/matmul.h); level 5
// is Blackhole's firmware-controlled maximum.
#ifndef MM_THROTTLE
#define MM_THROTTLE 0
#endif
#ifndef MM_THROTTLE_MAX
#define MM_THROTTLE_MAX 5
#endif

namespace ckernel {

// Packer parameters (llk_param_structs.h): the output operand and its ReLU.
union relu_config_t {
  struct {
    uint32_t ApplyRelu : 16;
    uint32_t Threshold : 16;
  } f;
  uint32_t val;
};
struct llk_pack_params_t {
  uint32_t pack_output;
  relu_config_t relu_config;
  bool srca_in_8b_mode;
};

}  // namespace ckernel

// ---- unpack ----------------------------------------------------------------------
template <bool is_fp32_dest_acc_en, bool disable_src_zero_flag = false>
inline void llk_unpack_hw_configure(uint32_t unpA_operand, uint32_t unpB_operand, uint32_t /*face_r_dim*/,
                                    uint32_t /*num_faces*/) {
  zyxtt::krt::unpack_reconfig(unpA_operand, unpB_operand);
}
template <bool is_fp32_dest_acc_en, bool disable_src_zero_flag = false>
inline void llk_unpack_hw_configure(uint32_t unpA_operand, uint32_t unpB_operand) {
  zyxtt::krt::unpack_reconfig(unpA_operand, unpB_operand);
}
template <bool is_fp32_dest_acc_en, bool disable_src_zero_flag = false>
inline void llk_unpack_hw_configure(uint32_t unpA_operand) {
  zyxtt::krt::unpack_reconfig(unpA_operand, unpA_operand);
}

template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format_srca(uint32_t srca_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, ~0u);
}
template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format_srca(uint32_t /*srca_old_operand*/, uint32_t srca_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, ~0u);
}
template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format_srcb(uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(~0u, srcb_new_operand);
}
template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format_srcb(uint32_t /*srcb_old_operand*/, uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(~0u, srcb_new_operand);
}
template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format(uint32_t srca_new_operand, uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, srcb_new_operand);
}
template <bool is_fp32_dest_acc_en, ckernel::p_dim_stride_target dim_stride_target, bool to_from_int8 = false>
inline void llk_unpack_reconfig_data_format(uint32_t /*srca_old*/, uint32_t srca_new_operand, uint32_t /*srcb_old*/,
                                            uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, srcb_new_operand);
}

// In0 goes to SrcB and In1 to SrcA on silicon; the emulator keeps the roles.
inline void llk_unpack_AB_matmul_init(uint32_t /*operandA*/, uint32_t /*operandB*/, uint32_t transpose = 0,
                                      uint32_t /*ct_dim*/ = 1, uint32_t /*rt_dim*/ = 1, uint32_t /*kt_dim*/ = 1) {
  zyxtt::krt::matmul_configure(transpose);
}
inline void llk_unpack_AB_matmul(uint32_t operandA, uint32_t operandB, uint32_t tile_index_a, uint32_t tile_index_b,
                                 uint32_t ct_dim = 1, uint32_t rt_dim = 1, uint32_t kt_dim = 1) {
  zyxtt::krt::llk_unpack_ab_matmul(operandA, operandB, tile_index_a, tile_index_b, ct_dim, rt_dim, kt_dim);
}

template <ckernel::PoolType type = ckernel::PoolType::SUM, ckernel::ReduceDim dim = ckernel::ReduceDim::REDUCE_ROW,
          auto... flags>
inline void llk_unpack_AB_reduce_init(uint32_t operandA, uint32_t operandB, uint32_t /*transpose*/ = 0) {
  zyxtt::krt::unpack_reconfig(operandA, operandB);
}

// ---- math --------------------------------------------------------------------------
template <bool is_fp32_dest_acc_en>
inline void llk_math_hw_configure(uint32_t /*srca_operand*/, uint32_t /*srcb_operand*/) {}
template <bool is_fp32_dest_acc_en>
inline void llk_math_pack_sync_init() {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format_srca(uint32_t /*srca_new_operand*/) {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format_srca(uint32_t /*srca_old_operand*/, uint32_t /*srca_new_operand*/) {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format_srcb(uint32_t /*srcb_new_operand*/) {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format_srcb(uint32_t /*srcb_old_operand*/, uint32_t /*srcb_new_operand*/) {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format(uint32_t /*srca_new*/, uint32_t /*srcb_new*/) {}
template <bool is_fp32_dest_acc_en, bool skip_int8 = false>
inline void llk_math_reconfig_data_format(uint32_t /*srca_old*/, uint32_t /*srca_new*/, uint32_t /*srcb_old*/,
                                          uint32_t /*srcb_new*/) {}

template <ckernel::MathFidelity math_fidelity, int THROTTLE_LEVEL = 0>
inline void llk_math_matmul_init(uint32_t /*operandA*/, uint32_t /*operandB*/, uint32_t transpose = 0,
                                 uint32_t /*ct_dim*/ = 1, uint32_t /*rt_dim*/ = 1) {
  zyxtt::krt::matmul_configure(transpose);
}
template <ckernel::MathFidelity math_fidelity, int THROTTLE_LEVEL = 0, uint32_t num_faces = 4>
inline void llk_math_matmul(uint32_t dst_index, uint32_t ct_dim = 1, uint32_t rt_dim = 1) {
  zyxtt::krt::llk_math_matmul(dst_index, ct_dim, rt_dim, static_cast<uint32_t>(math_fidelity));
}

template <ckernel::PoolType type, ckernel::ReduceDim dim, bool is_fp32_dest_acc_en, auto... rest>
inline void llk_math_reduce_init(uint32_t /*operandA*/ = 0, uint32_t /*operandB*/ = 0) {}
inline void llk_math_reduce_uninit() {}

// ---- pack ----------------------------------------------------------------------------
inline void llk_pack_relu_config(const ckernel::ReluConfig& config) {
  zyxtt::krt::pack_relu(static_cast<uint32_t>(config.get_mode()), config.get_threshold());
}
// The packed form: mode in bits 0-1, threshold in bits 16-31.
inline void llk_pack_relu_config(uint32_t config) {
  llk_pack_relu_config(ckernel::ReluConfig::from_packed(config));
}
inline void llk_pack_reconfig_l1_acc(uint32_t enable) { zyxtt::krt::pack_l1_accumulate(enable != 0); }

template <bool is_fp32_dest_acc_en, bool untilize = false, bool tilize = false>
inline void llk_pack_hw_configure(const ckernel::llk_pack_params_t* pack_params) {
  zyxtt::krt::pack_reconfig(pack_params->pack_output);
  zyxtt::krt::pack_relu(pack_params->relu_config.f.ApplyRelu, pack_params->relu_config.f.Threshold);
}
// Older trees passed the output operand alone (ReLU off).
template <bool is_fp32_dest_acc_en, bool untilize = false, bool tilize = false>
inline void llk_pack_hw_configure(uint32_t pack_output) {
  ckernel::llk_pack_params_t params{pack_output, {}, false};
  params.relu_config.val = 0;
  llk_pack_hw_configure<is_fp32_dest_acc_en, untilize, tilize>(&params);
}
template <bool is_fp32_dest_acc_en, bool untilize = false, ckernel::ReluType relu_type = ckernel::ReluType::NO_RELU,
          uint32_t relu_threshold = 0, bool tilize = false>
inline void llk_pack_hw_configure_disaggregated(uint32_t pack_output) {
  zyxtt::krt::pack_reconfig(pack_output);
  zyxtt::krt::pack_relu(static_cast<uint32_t>(relu_type), relu_threshold);
}
template <bool untilize = false, bool zero_output = false, bool tilize = false>
inline void llk_pack_init(uint32_t pack_output = 16) {
  zyxtt::krt::pack_reconfig(pack_output);
}
template <bool is_fp32_dest_acc_en, auto... rest>
inline void llk_pack_dest_init(uint32_t /*pack_output*/ = 16) {}
template <bool is_fp32_dest_acc_en, bool is_tile_dim_reconfig_en = false>
inline void llk_pack_reconfig_data_format(uint32_t new_output) {
  zyxtt::krt::pack_reconfig(new_output);
}
template <bool is_fp32_dest_acc_en, bool is_tile_dim_reconfig_en = false>
inline void llk_pack_reconfig_data_format(uint32_t /*old_output*/, uint32_t new_output) {
  zyxtt::krt::pack_reconfig(new_output);
}
template <bool is_fp32_dest_acc_en, bool out_of_order_output = false, bool untilize = false>
inline void llk_pack(uint32_t tile_index, uint32_t output, uint32_t output_tile_index = 0) {
  static_assert(!(untilize && out_of_order_output), "untilize out of order packing is not supported");
  zyxtt::krt::pack_tile(tile_index, output, output_tile_index, out_of_order_output);
}
