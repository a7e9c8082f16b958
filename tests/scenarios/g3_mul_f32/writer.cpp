// G3 writer: Noc on NOC 1, the CB's read pointer as source via
// use<READ_PTR>, a TensorAccessor page as destination.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t kTilesPerCore = 5;
constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;

void kernel_main() {
  Noc noc(1);
  const auto out = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), kPageBytes);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);
  CircularBuffer cb_out(tt::CBIndex::c_16);

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_out.wait_front(1);
    noc.async_write(use<CircularBuffer::AddrSelector::READ_PTR>(cb_out), out, kPageBytes, {.offset_bytes = 0},
                    {.page_id = t, .offset_bytes = 0});
    noc.async_write_barrier();
    cb_out.pop_front(1);
  }
}
