// softmax writer: Ht x Wt fp32 output tiles, one per page.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t Ht = 4, Wt = 2, kTileBytes = 4096;

void kernel_main() {
  Noc noc(1);
  uint32_t y_addr = get_arg_val<uint32_t>(0);
  auto y_args = TensorAccessorArgs<0>(0);
  auto y = TensorAccessor(y_args, y_addr, 4096);
  CircularBuffer cb_y(tt::CBIndex::c_16);
  for (uint32_t t = 0; t < Ht * Wt; ++t) {
    cb_y.wait_front(1);
    noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb_y), y, kTileBytes, {.offset_bytes = 0},
                    {.page_id = t, .offset_bytes = 0});
    noc.async_write_barrier();
    cb_y.pop_front(1);
  }
}
