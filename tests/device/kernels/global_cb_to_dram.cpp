// Copies `pages` pages of c_2, a circular buffer at a fixed L1 address (it
// shares its config and memory with c_1), to DRAM from page `first` on.
// Per-core args: dst, first, pages, page size.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t pages = get_arg_val<uint32_t>(2);
  const uint32_t page = get_arg_val<uint32_t>(3);
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = page};
  const uint32_t base = get_read_ptr(tt::CBIndex::c_2);
  for (uint32_t k = 0; k < pages; ++k) noc_async_write(base + k * page, dst.get_noc_addr(first + k), page);
  noc_async_write_barrier();
}
