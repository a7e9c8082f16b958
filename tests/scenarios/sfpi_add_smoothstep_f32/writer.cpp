// Writer through TensorAccessorArgs<0> and noc_async_write_page.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kTilesPerCore = 7;
constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);

  constexpr auto dst_args = TensorAccessorArgs<0>();
  const auto dst = TensorAccessor(dst_args, dst_addr, dst_args.get_aligned_page_size());

  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_wait_front(cb_out, 1);
    noc_async_write_page(t, dst, get_read_ptr(cb_out));
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
