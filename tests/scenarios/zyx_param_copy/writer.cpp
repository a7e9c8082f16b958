// zyx V2 writer: runtime args [n_tiles, the CB to drain (both Variables),
// output address, row, col]; compile-time args the output's only.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  const uint32_t cb_out = get_arg_val<uint32_t>(1);
  const uint32_t out_addr = get_arg_val<uint32_t>(2);
  const uint32_t row = get_arg_val<uint32_t>(3);
  const uint32_t col = get_arg_val<uint32_t>(4);

  constexpr auto out_args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(out_args, out_addr, out_args.get_aligned_page_size());
  const uint32_t tile_bytes = get_tile_size(cb_out);
  const uint32_t first = (row * kGridCols + col) * n_tiles;
  for (uint32_t t = first; t < first + n_tiles; ++t) {
    const uint32_t byte = t * tile_bytes;
    cb_wait_front(cb_out, 1);
    noc_async_write(get_read_ptr(cb_out), out.get_noc_addr(byte / kPageBytes, byte % kPageBytes), tile_bytes);
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
