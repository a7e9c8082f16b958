// matmul_single_core reader: for every output tile (i, j) streams the K pairs
// A(i, k), B(k, j) through the 2-page CBs c_0 / c_1. A and B are bf16 in tile
// layout, tile t of a matrix at byte t * 2048 (two tiles per 4096-byte page).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t Mt = 20, Nt = 20, Kt = 20, kTileBytes = 2048;

void kernel_main() {
  Noc noc;
  uint32_t a_addr = get_arg_val<uint32_t>(0);
  auto a_args = TensorAccessorArgs<0>(0);
  auto a = TensorAccessor(a_args, a_addr, 4096);
  uint32_t b_addr = get_arg_val<uint32_t>(1);
  auto b_args = TensorAccessorArgs<2>(1);
  auto b = TensorAccessor(b_args, b_addr, 4096);
  CircularBuffer cb_a(tt::CBIndex::c_0);
  CircularBuffer cb_b(tt::CBIndex::c_1);
  for (uint32_t i = 0; i < Mt; ++i) {
    for (uint32_t j = 0; j < Nt; ++j) {
      for (uint32_t k = 0; k < Kt; ++k) {
        const uint32_t ta = i * Kt + k, tb = k * Nt + j;
        cb_a.reserve_back(1);
        noc.async_read(a, cb_a, kTileBytes, {.page_id = ta / 2, .offset_bytes = (ta % 2) * kTileBytes}, {.offset_bytes = 0});
        cb_b.reserve_back(1);
        noc.async_read(b, cb_b, kTileBytes, {.page_id = tb / 2, .offset_bytes = (tb % 2) * kTileBytes}, {.offset_bytes = 0});
        noc.async_read_barrier();
        cb_a.push_back(1);
        cb_b.push_back(1);
      }
    }
  }
}
