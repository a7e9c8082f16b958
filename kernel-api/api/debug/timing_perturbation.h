// NOPs that shift the compute threads' relative timing to expose races on
// silicon. The emulator's unpack, math and pack run as one thread in program
// order, so the NOPs cost nothing and change nothing; the report line prints.
#pragma once

#if defined(COMPILE_FOR_TRISC)
#include <cstdint>

#include "api/debug/dprint.h"

namespace tt::compute::common {

template <const int num_nops, const int is_riscv_nop, const int use_loop = 0>
inline void add_nops() {}

template <const int num_unpack_nops, const int num_math_nops, const int num_pack_nops, const int is_riscv_nop,
          const int use_loop = 0>
inline void add_compute_nops() {
  DPRINT("is_riscv_nop: {} Unpack NOPs: {} Math NOPs: {} Pack NOPs: {}\n", uint32_t(is_riscv_nop),
         uint32_t(num_unpack_nops), uint32_t(num_math_nops), uint32_t(num_pack_nops));
  add_nops<num_unpack_nops, is_riscv_nop, use_loop>();
  add_nops<num_math_nops, is_riscv_nop, use_loop>();
  add_nops<num_pack_nops, is_riscv_nop, use_loop>();
}

}  // namespace tt::compute::common
#endif
