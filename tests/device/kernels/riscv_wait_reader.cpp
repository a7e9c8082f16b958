// Waits 1M cycles, then copies the word its core's writer sets in semaphore
// 0 (without any handshake) into word 0 of a DRAM page: on silicon the
// writer is done long before. Per-core args: dst.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  riscv_wait(1 << 20);
  const uint32_t flag = *reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  *reinterpret_cast<volatile uint32_t*>(get_write_ptr(cb)) = flag;
  const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = 64};
  noc_async_write(get_write_ptr(cb), out.get_noc_addr(0), 64);
  noc_async_write_barrier();
  cb_push_back(cb, 1);
}
