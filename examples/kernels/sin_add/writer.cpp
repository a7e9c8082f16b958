// Writes the result tile of CB 2 to page `col` of the output.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t out_addr = get_arg_val<uint32_t>(0);
  const uint32_t tile = get_arg_val<uint32_t>(2);
  const auto out = TensorAccessor(TensorAccessorArgs<0>(), out_addr, 4096);

  cb_wait_front(tt::CBIndex::c_2, 1);
  noc_async_write_page(tile, out, get_read_ptr(tt::CBIndex::c_2));
  noc_async_write_barrier();
  cb_pop_front(tt::CBIndex::c_2, 1);
}
