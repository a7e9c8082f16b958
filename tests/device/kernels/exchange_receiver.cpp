// Waits until its semaphore reaches the common arg's value (one increment
// past its initial value), then writes 2 * v + 1 of each word of the tile the
// sender left in its CB to DRAM. Per-core args: destination buffer, tile index.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t tile = get_arg_val<uint32_t>(1);
  const uint32_t expected = get_common_arg_val<uint32_t>(0);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t page = get_tile_size(cb);

  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), expected);
  volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(cb));
  for (uint32_t i = 0; i < page / 4; ++i) words[i] = 2 * words[i] + 1;
  const InterleavedAddrGen<true> destination = {.bank_base_address = dst, .page_size = page};
  noc_async_write(get_write_ptr(cb), destination.get_noc_addr(tile), page);
  noc_async_write_barrier();
}
