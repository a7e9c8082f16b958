// zyx V2 reader: runtime args [n_tiles (a Variable), input address, row, col],
// compile-time args the input's TensorAccessorArgs only. Reads the core's
// n_tiles tiles of CB c_0's format from 4096-byte pages, one CB page at a time.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;

void kernel_main() {
  const uint32_t n_tiles = get_arg_val<uint32_t>(0);
  const uint32_t in_addr = get_arg_val<uint32_t>(1);
  const uint32_t row = get_arg_val<uint32_t>(2);
  const uint32_t col = get_arg_val<uint32_t>(3);

  constexpr auto in_args = TensorAccessorArgs<0>();
  const auto in = TensorAccessor(in_args, in_addr, in_args.get_aligned_page_size());
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  const uint32_t tile_bytes = get_tile_size(cb_in);
  const uint32_t first = (row * kGridCols + col) * n_tiles;
  for (uint32_t t = first; t < first + n_tiles; ++t) {
    const uint32_t byte = t * tile_bytes;
    cb_reserve_back(cb_in, 1);
    noc_async_read(in.get_noc_addr(byte / kPageBytes, byte % kPageBytes), get_write_ptr(cb_in), tile_bytes);
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
