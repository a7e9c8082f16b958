// Float16 tiles (two per 4096-byte page) read through TensorAccessor's
// get_noc_addr(page, offset); announces itself with DEVICE_PRINT.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/debug/device_print.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kTilesPerCore = 4;
constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);
  DEVICE_PRINT("reader row={} col={}\n", row, col);

  constexpr auto args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(args, src_addr, args.get_aligned_page_size());
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  const uint32_t tile_bytes = get_tile_size(cb_in);
  const uint32_t per_page = src.get_aligned_page_size() / tile_bytes;

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_reserve_back(cb_in, 1);
    noc_async_read(src.get_noc_addr(t / per_page, (t % per_page) * tile_bytes), get_write_ptr(cb_in), tile_bytes);
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
