// Hashes of a CB's bytes for bisecting nondeterminism (tt-metal's debug
// CB hash). Active only with DEBUG_CB_HASH, as on tt-metal; otherwise the
// calls compile to nothing.
//  - hash_cb_trisc: FNV-1a over the 32-bit words of `num_tiles` pages from
//    the CB's read pointer, DPRINTed as `hash[0x<label>] cb=<cb> tiles=<n> =
//    0x<hash>`.
//  - hash_cb_sfpu: tt-metal folds the tiles into DST with an SFPU hash the
//    emulator does not model, so asking for it with DEBUG_CB_HASH is a
//    compile error rather than a wrong hash.
#pragma once

#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

namespace ckernel {

ALWI void hash_cb_trisc(uint32_t cb_id, uint32_t num_tiles, uint32_t label) {
#ifdef DEBUG_CB_HASH
  const uint32_t base = zyxtt::krt::cb_read_ptr(cb_id);
  const uint32_t words = num_tiles * zyxtt::krt::cb_page_bytes(cb_id) / 4;
  const volatile uint32_t* p = reinterpret_cast<const volatile uint32_t*>(static_cast<uintptr_t>(base));
  uint32_t h = 0x811c9dc5u;
  for (uint32_t i = 0; i < words; ++i) h = (h ^ p[i]) * 0x01000193u;
  DPRINT << "hash[0x" << HEX() << label << "] cb=" << DEC() << cb_id << " tiles=" << num_tiles << " = 0x" << HEX()
         << h << DEC() << ENDL();
#else
  (void)cb_id, (void)num_tiles, (void)label;
#endif
}

template <bool enabled = true>
ALWI void hash_cb_sfpu(uint32_t in_cb, uint32_t num_tiles) {
#ifdef DEBUG_CB_HASH
  static_assert(!enabled, "hash_cb_sfpu: the SFPU CB hash is not emulated; use hash_cb_trisc");
#endif
  (void)in_cb, (void)num_tiles;
}

}  // namespace ckernel
