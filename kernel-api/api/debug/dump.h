// debug_dump_cb / debug_dump_cb_typed / debug_dump_l1: print a CB's state,
// its front tile, or L1 words through DPRINT, from any kernel. The emulator
// runs compute as one thread, so the math thread may call them too. A CB line
// is "CB<id> sz=<bytes> rd=<ptr> wr=<ptr>": tt-metal's ack= and rcv= page
// counters are not kept per CB here and are left out.
#pragma once

#include <cstdint>

#include "api/debug/dprint.h"
#include "api/debug/dprint_tile.h"
#include "internal/circular_buffer_interface.h"

namespace zyxtt::dprint {
// Lines "  [<label>] 0x<8 hex digits>" of `n` words from `addr`; label: the
// word index, or its byte address when `by_address`.
inline void dump_words(uint32_t addr, uint32_t n, bool by_address) {
  const auto* p = reinterpret_cast<const volatile uint32_t*>(uintptr_t(addr));
  for (uint32_t i = 0; i < n; ++i) {
    Stream l;
    l.put(' ');
    l.put(' ');
    l.put('[');
    if (by_address) {
      l.fmt.base = 16;
      l.put_int(addr + 4 * i, false);
    } else {
      l.put_int(i, false);
    }
    l.put(']');
    l.put(' ');
    l.put_hex(p[i], 8);
    l.put('\n');
  }
}
}  // namespace zyxtt::dprint

inline void debug_dump_cb(uint32_t cb_id, uint32_t num_words = 0) {
  const LocalCBInterface& cb = get_local_cb_interface(cb_id);
  DPRINT("CB{} sz={} rd={} wr={}\n", cb_id, cb.fifo_size, cb.fifo_rd_ptr, cb.fifo_wr_ptr);
  zyxtt::dprint::dump_words(zyxtt::krt::cb_read_ptr(cb_id), num_words, false);
}

inline void debug_dump_l1(uint32_t addr, uint32_t num_words) {
  DPRINT("L1[{:x}] {} words:\n", addr, num_words);
  zyxtt::dprint::dump_words(addr, num_words, true);
}

#if defined(COMPILE_FOR_TRISC)
inline void debug_dump_cb_typed(uint32_t cb_id, uint32_t tile_idx = 0, bool untilize = true) {
#else
inline void debug_dump_cb_typed(uint32_t cb_id, uint32_t tile_idx = 0, dprint_tslice_cb_t /*cb_type*/ = TSLICE_INPUT_CB,
                                bool untilize = true) {
#endif
  DPRINT("CB{} tile {} (typed):\n", cb_id, tile_idx);
  for (uint32_t r = 0; r < 32; ++r) DPRINT("{}", zyxtt::dprint::tile_row(uint8_t(cb_id), int(tile_idx), r, untilize));
}
