// Reads tile `col` of inputs a and b (one 4096-byte fp32 page each) into CBs 0 and 1.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t tile = get_arg_val<uint32_t>(3);  // runtime args end with row, col
  const auto a = TensorAccessor(TensorAccessorArgs<0>(), a_addr, 4096);
  const auto b = TensorAccessor(TensorAccessorArgs<2>(), b_addr, 4096);

  cb_reserve_back(tt::CBIndex::c_0, 1);
  cb_reserve_back(tt::CBIndex::c_1, 1);
  noc_async_read_page(tile, a, get_write_ptr(tt::CBIndex::c_0));
  noc_async_read_page(tile, b, get_write_ptr(tt::CBIndex::c_1));
  noc_async_read_barrier();
  cb_push_back(tt::CBIndex::c_0, 1);
  cb_push_back(tt::CBIndex::c_1, 1);
}
