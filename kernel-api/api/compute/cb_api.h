// Circular-buffer calls as the compute kernel sees them (wait/pop act for the
// unpacker, reserve/push for the packer; one fiber does all four).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void cb_wait_front(uint32_t cbid, uint32_t ntiles, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_wait_front(cbid, ntiles, ZYXTT_SITE);
}
ALWI void cb_pop_front(uint32_t cbid, uint32_t ntiles, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_pop_front(cbid, ntiles, ZYXTT_SITE);
}
ALWI void cb_reserve_back(uint32_t cbid, uint32_t ntiles, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_reserve_back(cbid, ntiles, ZYXTT_SITE);
}
ALWI void cb_push_back(uint32_t cbid, uint32_t ntiles, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_push_back(cbid, ntiles, ZYXTT_SITE);
}

// Byte address of tile `tile_index` after the read pointer.
ALWI uint32_t get_tile_address(uint32_t cb_id, uint32_t tile_index) {
  return zyxtt::krt::cb_read_ptr(cb_id) + tile_index * zyxtt::krt::cb_page_bytes(cb_id);
}
// Raw 32-bit word `element_offset` of that tile.
ALWI uint32_t read_tile_value(uint32_t cb_id, uint32_t tile_index, uint32_t element_offset) {
  uintptr_t addr = get_tile_address(cb_id, tile_index);
  return reinterpret_cast<volatile uint32_t*>(addr)[element_offset];
}
}  // namespace ckernel
