// Sends one tile to a peer core: reads it from DRAM into its CB, writes it
// into the peer's CB at the same L1 address, then bumps the peer's semaphore.
// Per-core args: source buffer, tile index, the peer's NOC x and y.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t tile = get_arg_val<uint32_t>(1);
  const uint32_t peer_x = get_arg_val<uint32_t>(2);
  const uint32_t peer_y = get_arg_val<uint32_t>(3);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t page = get_tile_size(cb);

  const InterleavedAddrGen<true> source = {.bank_base_address = src, .page_size = page};
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  noc_async_read(source.get_noc_addr(tile), l1, page);
  noc_async_read_barrier();

  noc_async_write(l1, get_noc_addr(peer_x, peer_y, l1), page);
  noc_async_write_barrier();
  noc_semaphore_inc(get_noc_addr(peer_x, peer_y, get_semaphore(0)), 1);
  noc_async_atomic_barrier();
  cb_push_back(cb, 1);  // the page is done with; nothing consumes it
}
