// Each shard core copies its shard of an L1 buffer (at the same address on
// every core) to DRAM: page k of the shard to DRAM page first + k.
// Per-core args: shard buffer address, dst, first page, pages, page size.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t shard_addr = get_arg_val<uint32_t>(0);
  const uint32_t dst_addr = get_arg_val<uint32_t>(1);
  const uint32_t first = get_arg_val<uint32_t>(2);
  const uint32_t pages = get_arg_val<uint32_t>(3);
  const uint32_t page = get_arg_val<uint32_t>(4);
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = page};
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  for (uint32_t k = 0; k < pages; ++k) {
    noc_async_read(get_noc_addr(my_x[noc_index], my_y[noc_index], shard_addr + k * page), l1, page);
    noc_async_read_barrier();
    noc_async_write(l1, dst.get_noc_addr(first + k), page);
    noc_async_write_barrier();
  }
  cb_push_back(cb, 1);  // the page is done with; nothing consumes it
}
