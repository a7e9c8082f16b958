// get_local_cb_interface(cb): tt-metal's per-CB FIFO registers, which kernels
// read for a CB's page size or pointers. Here a snapshot of the CB's state
// taken at the call, returned as a const reference (kernels bind it with
// `auto&`): reading works, while assigning to a field (moving a pointer
// behind the CB calls' back) does not compile. Units as on silicon:
// bytes on the data-movement cores, 16-byte words on the TRISCs.
#pragma once

#include <cstdint>

#include "stream_io_map.h"  // the CB's page counters, visible with it as on tt-metal
#include "zyxtt/krt.h"

struct LocalCBInterface {
  uint32_t fifo_size;
  uint32_t fifo_page_size;
  uint32_t fifo_num_pages;
  uint32_t fifo_rd_ptr;
  uint32_t fifo_wr_ptr;
};

#if defined(COMPILE_FOR_TRISC)
constexpr uint32_t cb_addr_shift = 4;
#else
constexpr uint32_t cb_addr_shift = 0;
#endif

inline const LocalCBInterface& get_local_cb_interface(uint32_t cb_id) {
  // One slot per CB and host thread; a fiber never yields between the call
  // and reading the fields it asked for.
  static thread_local LocalCBInterface snapshot[64];
  const uint32_t page = zyxtt::krt::cb_page_bytes(cb_id), pages = zyxtt::krt::cb_num_pages(cb_id);
  LocalCBInterface& s = snapshot[cb_id & 63];
  s = {(page * pages) >> cb_addr_shift, page >> cb_addr_shift, pages, zyxtt::krt::cb_read_ptr(cb_id) >> cb_addr_shift,
       zyxtt::krt::cb_write_ptr(cb_id) >> cb_addr_shift};
  return s;
}
