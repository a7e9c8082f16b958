// tt-metal's risc_attribs.h: the attribute macros of the RISC-V cores (empty
// for the host compiler, in kernel_base.h), a 64-bit word read as two 32-bit
// halves (which the cores' L1 needs and a host does not mind), and where an
// inline NOC write lands.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/kernel_base.h"

// Declared hi first, as tt-metal declares it; only `v` is meant to be read whole.
union tt_uint64_t {
  uint64_t v;
  struct {
    uint32_t hi;
    uint32_t lo;
  };
};

// The word at p, half by half.
FORCE_INLINE uint64_t tt_l1_load(tt_uint64_t tt_l1_ptr* p) {
  tt_uint64_t word;
  word.hi = p->hi;
  word.lo = p->lo;
  return word.v;
}
FORCE_INLINE uint64_t tt_l1_load(volatile tt_uint64_t* tt_l1_ptr p) {
  tt_uint64_t word;
  word.hi = p->hi;
  word.lo = p->lo;
  return word.v;
}

// noc_inline_dw_write's destination: L1 or a stream register (DEFAULT: by address).
enum class InlineWriteDst : uint8_t { DEFAULT, L1, REG };
