// matmul_single_core writer: output tiles in (i, j) order, bf16 tile layout.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t Mt = 20, Nt = 20, kTileBytes = 2048;

void kernel_main() {
  Noc noc(1);
  uint32_t c_addr = get_arg_val<uint32_t>(0);
  auto c_args = TensorAccessorArgs<0>(0);
  auto c = TensorAccessor(c_args, c_addr, 4096);
  CircularBuffer cb_c(tt::CBIndex::c_16);
  for (uint32_t t = 0; t < Mt * Nt; ++t) {
    cb_c.wait_front(1);
    noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb_c), c, kTileBytes, {.offset_bytes = 0},
                    {.page_id = t / 2, .offset_bytes = (t % 2) * kTileBytes});
    noc.async_write_barrier();
    cb_c.pop_front(1);
  }
}
