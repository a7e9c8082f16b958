// NOC link contention (timing-model check): this core writes `count` blocks
// of `bytes` from its c_0 page into the L1 of the core at NOC (x, y), at its
// own c_0 address (the same on every core), back to back, then waits for
// all of them. Garbage lands there: only the clocks matter.
// Per-core args: x, y, count, bytes.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t x = get_arg_val<uint32_t>(0), y = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2), bytes = get_arg_val<uint32_t>(3);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t l1 = get_write_ptr(cb);
  for (uint32_t i = 0; i < count; ++i) noc_async_write(l1, get_noc_addr(x, y, l1), bytes);
  noc_async_write_barrier();
}
