// Writes each core's report tile to page row * 12 + col of the output.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = 4096};
  cb_wait_front(cb_out, 1);
  noc_async_write(get_read_ptr(cb_out), get_noc_addr(row * kGridCols + col, dst), 4096);
  noc_async_write_barrier();
  cb_pop_front(cb_out, 1);
}
