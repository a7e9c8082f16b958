// matmul_multi_core writer: this core's 5 x 4 block of output tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t Nt = 20, kBlockM = 5, kBlockN = 4, kTileBytes = 2048;

void kernel_main() {
  Noc noc(1);
  uint32_t c_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1), col = get_arg_val<uint32_t>(2);
  auto c_args = TensorAccessorArgs<0>(0);
  auto c = TensorAccessor(c_args, c_addr, 4096);
  CircularBuffer cb_c(tt::CBIndex::c_16);
  for (uint32_t i = row * kBlockM; i < row * kBlockM + kBlockM; ++i) {
    for (uint32_t j = col * kBlockN; j < col * kBlockN + kBlockN; ++j) {
      const uint32_t t = i * Nt + j;
      cb_c.wait_front(1);
      noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb_c), c, kTileBytes, {.offset_bytes = 0},
                      {.page_id = t / 2, .offset_bytes = (t % 2) * kTileBytes});
      noc.async_write_barrier();
      cb_c.pop_front(1);
    }
  }
}
