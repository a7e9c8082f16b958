// This core's L1 at an address a kernel was given: its own pointer (what
// get_write_ptr returns) or an L1 buffer's address, which is an offset in L1
// as on silicon. Reaching the offset through the core's own L1 avoids the
// L1 window, which shows one core at a time (README, "L1 addresses as
// pointers"), so kernels of several cores may do this at once.
#pragma once

#include <cstdint>

#include "zyxtt/krt.h"

namespace zyxtt::kernel {

inline uintptr_t local_l1_base() { return uintptr_t{krt::l1_zeros_addr()} - krt::kL1ZerosOffset; }

template <typename T = uint32_t>
inline volatile T* local_l1(uint32_t addr) {
  const uintptr_t base = local_l1_base();
  return reinterpret_cast<volatile T*>(addr >= base ? uintptr_t{addr} : base + addr);
}

}  // namespace zyxtt::kernel
