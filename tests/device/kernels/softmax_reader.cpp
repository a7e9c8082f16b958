// softmax reader: X is fp32 in tiles, Wt tiles per tile row. Per tile row it
// pushes the row's Wt tiles and then the reduce scaler tile (1.0 in row 0 of
// each face) into c_0, which holds Wt + 1 pages: compute takes a row with its
// scaler in one wait. Per-core args: x, first tile row, tile rows.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t Wt = get_named_compile_time_arg_val("Wt");
  const uint32_t x_addr = get_arg_val<uint32_t>(0);
  const uint32_t first_row = get_arg_val<uint32_t>(1);
  const uint32_t rows = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_x = tt::CBIndex::c_0;
  const uint32_t page = get_tile_size(cb_x);
  const InterleavedAddrGen<true> x = {.bank_base_address = x_addr, .page_size = page};

  for (uint32_t h = first_row; h < first_row + rows; ++h) {
    for (uint32_t w = 0; w < Wt; ++w) {
      cb_reserve_back(cb_x, 1);
      noc_async_read(x.get_noc_addr(h * Wt + w), get_write_ptr(cb_x), page);
      noc_async_read_barrier();
      cb_push_back(cb_x, 1);
    }
    cb_reserve_back(cb_x, 1);
    volatile float* s = reinterpret_cast<volatile float*>(get_write_ptr(cb_x));
    for (uint32_t i = 0; i < 1024; ++i) s[i] = 0.0f;
    for (uint32_t face = 0; face < 4; ++face)
      for (uint32_t j = 0; j < 16; ++j) s[face * 256 + j] = 1.0f;
    cb_push_back(cb_x, 1);
  }
}
