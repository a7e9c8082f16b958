// softmax reader: X is fp32, Ht x Wt tiles in tile layout (one tile per
// 4096-byte page). Writes the reduce scaler tile (1.0 in row 0 of each face)
// into c_1 once, then streams every tile row twice through c_0 (max pass,
// exp pass).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t Ht = 4, Wt = 2, kTileBytes = 4096;

void kernel_main() {
  Noc noc;
  uint32_t x_addr = get_arg_val<uint32_t>(0);
  auto x_args = TensorAccessorArgs<0>(0);
  auto x = TensorAccessor(x_args, x_addr, 4096);
  CircularBuffer cb_x(tt::CBIndex::c_0);
  CircularBuffer cb_scaler(tt::CBIndex::c_1);

  cb_scaler.reserve_back(1);
  volatile float* s = reinterpret_cast<volatile float*>(uintptr_t(cb_scaler.get_write_ptr()));
  for (uint32_t i = 0; i < 1024; ++i) s[i] = 0.0f;
  for (uint32_t face = 0; face < 4; ++face)
    for (uint32_t j = 0; j < 16; ++j) s[face * 256 + j] = 1.0f;
  cb_scaler.push_back(1);

  for (uint32_t h = 0; h < Ht; ++h) {
    for (uint32_t pass = 0; pass < 2; ++pass) {
      for (uint32_t w = 0; w < Wt; ++w) {
        cb_x.reserve_back(1);
        noc.async_read(x, cb_x, kTileBytes, {.page_id = h * Wt + w, .offset_bytes = 0}, {.offset_bytes = 0});
        noc.async_read_barrier();
        cb_x.push_back(1);
      }
    }
  }
}
