// G3 object API reader (what zyx emits): Noc, CircularBuffer and a
// TensorAccessor endpoint; each tile arrives as two half-page reads placed
// with offset_bytes.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t kTilesPerCore = 5;
constexpr uint32_t kGridCols = 12;
constexpr uint32_t kPageBytes = 4096;
constexpr uint32_t kHalf = kPageBytes / 2;

void kernel_main() {
  Noc noc;
  const auto a = TensorAccessor(TensorAccessorArgs<0>(0), get_arg_val<uint32_t>(0), kPageBytes);
  const auto b = TensorAccessor(TensorAccessorArgs<2>(1), get_arg_val<uint32_t>(1), kPageBytes);
  const uint32_t row = get_arg_val<uint32_t>(2);
  const uint32_t col = get_arg_val<uint32_t>(3);
  CircularBuffer cb_a(tt::CBIndex::c_0);
  CircularBuffer cb_b(tt::CBIndex::c_1);

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_a.reserve_back(1);
    cb_b.reserve_back(1);
    for (uint32_t h = 0; h < 2; ++h) {
      noc.async_read(a, cb_a, kHalf, {.page_id = t, .offset_bytes = h * kHalf}, {.offset_bytes = h * kHalf});
      noc.async_read(b, cb_b, kHalf, {.page_id = t, .offset_bytes = h * kHalf}, {.offset_bytes = h * kHalf});
    }
    noc.async_read_barrier();
    cb_a.push_back(1);
    cb_b.push_back(1);
  }
}
