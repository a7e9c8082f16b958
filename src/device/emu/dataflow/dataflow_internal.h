// Helpers shared by the dataflow sources; not part of any interface.
#pragma once

#include <atomic>
#include <cstdint>

#include "device/emu/run_context.h"

namespace zyxtt::emu::df {

inline uint32_t role_index(const KernelInstance& k) { return static_cast<uint32_t>(k.role); }

// CB counters are shared between instances that may run on different host
// threads: publish with release, observe with acquire.
inline uint32_t load(const uint32_t& v) {
  return std::atomic_ref<uint32_t>(const_cast<uint32_t&>(v)).load(std::memory_order_acquire);
}
inline void store(uint32_t& v, uint32_t x) { std::atomic_ref<uint32_t>(v).store(x, std::memory_order_release); }

// Pages pushed but not yet popped; the hardware counters are 16 bits wide.
inline uint32_t cb_used(const CbState& c) { return (load(c.pages_received) - load(c.pages_acked)) & 0xFFFFu; }
inline uint32_t cb_free(const CbState& c) {
  const uint32_t used = cb_used(c);
  return used >= c.num_pages ? 0 : c.num_pages - used;
}

inline uint32_t l1_base(const CoreState& c) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(c.l1)); }

// The offset in core c's L1 of [addr, addr + bytes), which a kernel gives as
// the low bits of its pointer, or as the offset itself (an L1 buffer's
// address is its bank-local offset, as on silicon); ~0 when it is neither.
inline uint64_t l1_offset(const CoreState& c, uint32_t addr, uint32_t bytes) {
  const uint64_t off = uint64_t{addr} - uint64_t{l1_base(c)};
  if (off < c.l1_bytes && off + bytes <= c.l1_bytes) return off;
  if (addr < c.l1_bytes && uint64_t{addr} + bytes <= c.l1_bytes) return addr;
  return ~0ull;
}

// An L1 address names the same offset on every core (CBs and semaphores sit
// at one address grid-wide): the offset of `addr` in a core of `core_bytes`
// of L1, given through the caller's own L1 or as the offset itself. Callers
// check the result against the target's size.
inline uint64_t same_offset(const CoreState& caller, uint64_t addr, uint64_t core_bytes) {
  const uint64_t off = addr - uint64_t{l1_base(caller)};
  return off >= core_bytes && addr < core_bytes ? addr : off;
}

}  // namespace zyxtt::emu::df
