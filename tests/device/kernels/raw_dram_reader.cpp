// Copies `bytes` from a raw address of one DRAM bank (no buffer: the host
// wrote it with write_raw) into page 0 of a DRAM buffer.
// Per-core args: bank, src address, dst buffer, bytes.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t bank = get_arg_val<uint32_t>(0);
  const uint32_t src = get_arg_val<uint32_t>(1);
  const uint32_t dst = get_arg_val<uint32_t>(2);
  const uint32_t bytes = get_arg_val<uint32_t>(3);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  noc_async_read(get_noc_addr_from_bank_id<true>(bank, src), l1, bytes);
  noc_async_read_barrier();
  const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = bytes};
  noc_async_write(l1, out.get_noc_addr(0), bytes);
  noc_async_write_barrier();
  cb_push_back(cb, 1);
}
