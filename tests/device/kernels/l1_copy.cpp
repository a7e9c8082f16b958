// Copies pages [start, start + count) of a DRAM buffer into an interleaved L1
// buffer (pages spread over every worker core), then back from the L1 buffer
// into another DRAM buffer, one page at a time through c_0.
// Per-core args: src, l1 buffer, dst, start, count, page size.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t l1_addr = get_arg_val<uint32_t>(1);
  const uint32_t dst_addr = get_arg_val<uint32_t>(2);
  const uint32_t start = get_arg_val<uint32_t>(3);
  const uint32_t count = get_arg_val<uint32_t>(4);
  const uint32_t page = get_arg_val<uint32_t>(5);
  const InterleavedAddrGen<true> src = {.bank_base_address = src_addr, .page_size = page};
  const InterleavedAddrGen<false> mid = {.bank_base_address = l1_addr, .page_size = page};
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = page};
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  for (uint32_t p = start; p < start + count; ++p) {
    noc_async_read(src.get_noc_addr(p), l1, page);
    noc_async_read_barrier();
    noc_async_write(l1, mid.get_noc_addr(p), page);
    noc_async_write_barrier();
  }
  for (uint32_t p = start; p < start + count; ++p) {
    noc_async_read(mid.get_noc_addr(p), l1, page);
    noc_async_read_barrier();
    noc_async_write(l1, dst.get_noc_addr(p), page);
    noc_async_write_barrier();
  }
  cb_push_back(cb, 1);  // the page is done with; nothing consumes it
}
