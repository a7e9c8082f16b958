// Packer: DST tile -> CB page, converted to the CB's data format.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
// Default: output_tile_index is ignored and tiles land in sequential slots
// (the cursor resets at cb_push_back). out_of_order: slot = output_tile_index.
template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::pack_tile(ifrom_dst, icb, output_tile_index, out_of_order_output, ZYXTT_SITE);
}

ALWI void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles, ZYXTT_SITE_PARAMS) {
  for (uint32_t i = 0; i < ntiles; ++i) zyxtt::krt::pack_tile(ifrom_dst + i, icb, 0, false, ZYXTT_SITE);
}

// pack_rows: the first num_rows rows (16 datums each) of a DST tile, in its
// storage order, packed one after another at page output_index of ocb.
ALWI void pack_rows_init(uint32_t num_rows) { zyxtt::krt::pack_rows_configure(num_rows); }
ALWI void pack_rows(uint32_t idst, uint32_t ocb, uint32_t output_index = 0) {
  zyxtt::krt::pack_rows(idst, ocb, output_index);
}
ALWI void pack_rows_uninit() { zyxtt::krt::pack_rows_configure(0); }

ALWI void pack_init(uint32_t ocb, uint32_t call_line = __builtin_LINE()) {
  state_configure<Operand::PACK>(ocb, call_line);
  zyxtt::krt::pack_reconfig(ocb);
}
ALWI void pack_reconfig_l1_acc(uint32_t l1_acc_en) { zyxtt::krt::pack_l1_accumulate(l1_acc_en != 0); }
// The packer's ReLU on every later pack (llk_pack_relu_config, zyxtt/llk.h).
ALWI void pack_relu_config(const ReluConfig& config) { llk_pack_relu_config(config); }
ALWI void pack_relu_config(uint32_t packed_config) { llk_pack_relu_config(packed_config); }
}  // namespace ckernel
