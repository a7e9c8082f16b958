// Printers of CB state, L1 pages and tile rows for kernel debugging
// (tt-metal's dprint_pages.h), through DPRINT. The CB line gives what the
// emulator keeps per CB: tt-metal's limit and wr_tile_ptr are left out.
#pragma once

#include <cstdint>

#include "api/debug/dprint.h"
#include "api/debug/dprint_tile.h"
#include "internal/circular_buffer_interface.h"

inline void print_cb_details(uint32_t cb_id) {
  const LocalCBInterface& cb = get_local_cb_interface(cb_id);
  DPRINT("cb_id {}: {{ size: {}, page_size: {}, num_pages: {}, rd_ptr: {}, wr_ptr: {} }}\n", cb_id, cb.fifo_size,
         cb.fifo_page_size, cb.fifo_num_pages, cb.fifo_rd_ptr, cb.fifo_wr_ptr);
}

namespace zyxtt::dprint {
// Pages [start, start + npages) of `per_page` elements T at `l1_addr`, one
// line each: "<page>: v v v ", each value printed by `put`.
template <typename T, typename Put>
inline void print_pages(uint32_t l1_addr, uint32_t per_page, uint32_t npages, uint32_t start, Put put) {
  const auto* p = reinterpret_cast<const volatile T*>(uintptr_t(l1_addr)) + start * per_page;
  for (uint32_t page = start; page < start + npages; ++page) {
    Stream l;
    l.put_int(page, false);
    l.put(':');
    l.put(' ');
    for (uint32_t j = 0; j < per_page; ++j, ++p) {
      put(l, T(*p));
      l.put(' ');
    }
    l.put('\n');
  }
}
}  // namespace zyxtt::dprint

#if !defined(COMPILE_FOR_TRISC)
namespace tt::data_movement::common {
inline void print_bf16_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
  zyxtt::dprint::print_pages<uint16_t>(l1_addr, elts_per_page, npages, start,
                                       [](zyxtt::dprint::Line& l, uint16_t v) { zyxtt::dprint::put_value(l, bf16_t(v)); });
}
inline void print_f32_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
  zyxtt::dprint::print_pages<uint32_t>(l1_addr, elts_per_page, npages, start,
                                       [](zyxtt::dprint::Line& l, uint32_t v) { l.put_float(__builtin_bit_cast(float, v)); });
}
inline void print_u8_pages(uint32_t l1_addr, uint32_t bytes_per_page, uint32_t npages, uint32_t start = 0) {
  zyxtt::dprint::print_pages<uint8_t>(l1_addr, bytes_per_page, npages, start,
                                      [](zyxtt::dprint::Line& l, uint8_t v) { l.put_hex(v, 2, true); });
}
inline void print_u16_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
  zyxtt::dprint::print_pages<uint16_t>(l1_addr, elts_per_page, npages, start,
                                       [](zyxtt::dprint::Line& l, uint16_t v) { l.put_int(v, false); });
}
inline void print_u32_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
  zyxtt::dprint::print_pages<uint32_t>(l1_addr, elts_per_page, npages, start,
                                       [](zyxtt::dprint::Line& l, uint32_t v) { l.put_int(v, false); });
}
}  // namespace tt::data_movement::common
#endif

#if defined(COMPILE_FOR_TRISC)
namespace tt::compute::common {
// Rows [start_row, end_row), columns [start_col, end_col) of a tile at the CB's read pointer.
inline void print_tile_rows(uint32_t cb_idx, uint32_t tile_idx, bool untilize = false, uint16_t start_row = 0,
                            uint16_t end_row = 32, uint8_t start_col = 0, uint8_t end_col = 32) {
  DPRINT("cb_idx: {} tile_idx: {}\n", cb_idx, tile_idx);
  DPRINT("======\n");
  for (uint32_t r = start_row; r < end_row; ++r)
    DPRINT("{}: {}", r, zyxtt::dprint::tile_row(uint8_t(cb_idx), int(tile_idx), r, untilize, start_col, end_col));
  DPRINT("++++++\n");
}
inline void print_full_tile(uint32_t cb_id, uint32_t tile_id = 0, bool untilize = false) {
  DPRINT("======\n");
  for (uint32_t r = 0; r < 32; ++r)
    DPRINT("{}: {}", r, zyxtt::dprint::tile_row(uint8_t(cb_id), int(tile_id), r, untilize));
  DPRINT("++++++\n");
}
}  // namespace tt::compute::common
#endif
