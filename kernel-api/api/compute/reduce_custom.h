// Block row-max (tt-metal's api/compute/reduce_custom.h, SDPA's running max):
// the max of each row over block_ct_dim consecutive tiles of icb, into column
// 0 of DST[idst]. It is reduce_tile<MAX, REDUCE_ROW> over the block, so it
// takes the max with what DST already holds when DST was written since the
// acquire (SDPA copies the previous max there first). The scaler tile holds
// 1.0, as tt-metal requires. respect_trigger (an unpack MOP split on silicon)
// and the reinit variants change no result: no-ops here.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
namespace zyxtt_detail {
ALWI void reduce_block_max_row(uint32_t icb, uint32_t icb_scaler, uint32_t row_start_index, uint32_t idst,
                               uint32_t block_ct_dim) {
  for (uint32_t t = 0; t < block_ct_dim; ++t)
    zyxtt::krt::reduce(zyxtt::krt::ReducePool::kMax, zyxtt::krt::ReduceDim::kRow, icb, icb_scaler,
                       row_start_index + t, 0, idst);
}
}  // namespace zyxtt_detail

template <uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_init(uint32_t ocb) {
  static_assert(block_ct_dim > 0, "reduce_block_max_row: block_ct_dim must be at least 1");
  zyxtt::krt::pack_reconfig(ocb);
}
template <uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row(uint32_t icb, uint32_t icb_scaler, uint32_t row_start_index, uint32_t idst) {
  zyxtt_detail::reduce_block_max_row(icb, icb_scaler, row_start_index, idst, block_ct_dim);
}
template <uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_reinit_short(uint32_t ocb) {
  reduce_block_max_row_init<block_ct_dim, respect_trigger>(ocb);
}
template <uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_reinit_minimal(uint32_t ocb) {
  reduce_block_max_row_init<block_ct_dim, respect_trigger>(ocb);
}
template <bool clear_fp32_accumulation = false, bool respect_trigger = false>
ALWI void reduce_block_max_row_uninit(uint32_t /*icb*/) {}

// Runtime variants: block_ct_dim and respect_trigger as arguments.
ALWI void reduce_block_max_row_init_runtime(uint32_t ocb, uint32_t block_ct_dim, bool /*respect_trigger*/ = false) {
  if (block_ct_dim == 0) zyxtt::krt::fail("reduce_block_max_row_init_runtime: block_ct_dim must be at least 1");
  zyxtt::krt::pack_reconfig(ocb);
  zyxtt::krt::reduce_block_configure(block_ct_dim);
}
ALWI void reduce_block_max_row_runtime(uint32_t icb, uint32_t icb_scaler, uint32_t row_start_index, uint32_t idst,
                                       bool /*respect_trigger*/ = false) {
  // The block width of the last init_runtime, kept by the emulator per core.
  zyxtt_detail::reduce_block_max_row(icb, icb_scaler, row_start_index, idst, zyxtt::krt::reduce_block_ct_dim());
}
ALWI void reduce_block_max_row_reinit_minimal_runtime(uint32_t ocb, uint32_t block_ct_dim,
                                                      bool respect_trigger = false) {
  reduce_block_max_row_init_runtime(ocb, block_ct_dim, respect_trigger);
}
ALWI void reduce_block_max_row_reinit_short_runtime(uint32_t ocb, uint32_t block_ct_dim, bool respect_trigger = false) {
  reduce_block_max_row_init_runtime(ocb, block_ct_dim, respect_trigger);
}
ALWI void reduce_block_max_row_uninit_runtime(uint32_t /*icb*/, bool /*respect_trigger*/ = false) {}
}  // namespace ckernel
