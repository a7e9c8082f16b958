// Op-family writer: kTiles tiles of c_16 to dst0, tile t at byte
// t * tile size of the 4096-byte-page interleaved buffer.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kTiles = 16, kBufferPage = 4096;

void kernel_main() {
  constexpr auto out_args = TensorAccessorArgs<0>();
  constexpr uint32_t cb_out = tt::CBIndex::c_16;
  const auto out = TensorAccessor(out_args, get_arg_val<uint32_t>(0), kBufferPage);
  const uint32_t bytes = get_tile_size(cb_out);
  for (uint32_t t = 0; t < kTiles; ++t) {
    cb_wait_front(cb_out, 1);
    noc_async_write(get_read_ptr(cb_out), out.get_noc_addr(t * bytes / kBufferPage, t * bytes % kBufferPage), bytes);
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
