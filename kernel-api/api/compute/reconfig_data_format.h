// Mid-kernel format switches. The emulator unpacks/packs by each CB's own
// format, so these only keep the bookkeeping current.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format(uint32_t srca_new_operand, uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, srcb_new_operand);
}
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format(uint32_t /*srca_old*/, uint32_t srca_new, uint32_t /*srcb_old*/, uint32_t srcb_new) {
  zyxtt::krt::unpack_reconfig(srca_new, srcb_new);
}
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srca(uint32_t srca_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, ~0u);
}
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srca(uint32_t /*srca_old_operand*/, uint32_t srca_new_operand) {
  zyxtt::krt::unpack_reconfig(srca_new_operand, ~0u);
}
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srcb(uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(~0u, srcb_new_operand);
}
template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srcb(uint32_t /*srcb_old_operand*/, uint32_t srcb_new_operand) {
  zyxtt::krt::unpack_reconfig(~0u, srcb_new_operand);
}
ALWI void unpack_reconfig_data_format(uint32_t srca_new, uint32_t srcb_new) {
  zyxtt::krt::unpack_reconfig(srca_new, srcb_new);
}
ALWI void unpack_reconfig_data_format_srca(uint32_t srca_new) { zyxtt::krt::unpack_reconfig(srca_new, ~0u); }
ALWI void unpack_reconfig_data_format_srcb(uint32_t srcb_new) { zyxtt::krt::unpack_reconfig(~0u, srcb_new); }

template <bool is_tile_dim_reconfig_en = false>
ALWI void pack_reconfig_data_format(uint32_t new_operand) {
  zyxtt::krt::pack_reconfig(new_operand);
}
template <bool is_tile_dim_reconfig_en = false>
ALWI void pack_reconfig_data_format(uint32_t /*old_operand*/, uint32_t new_operand) {
  zyxtt::krt::pack_reconfig(new_operand);
}
}  // namespace ckernel
