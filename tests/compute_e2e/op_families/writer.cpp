// Op-family writer: kTiles pages of c_16 to dst0, in order.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kTiles = 16;

void kernel_main() {
  const uint32_t out_addr = get_arg_val<uint32_t>(0);
  constexpr auto out_args = TensorAccessorArgs<0>();
  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const auto out = TensorAccessor(out_args, out_addr, get_tile_size(cb_out));
  for (uint32_t t = 0; t < kTiles; ++t) {
    cb_wait_front(cb_out, 1);
    noc_async_write_page(t, out, get_read_ptr(cb_out));
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
