// Op-family reader (the Noc / CircularBuffer API era): kTiles tiles of src0
// into c_0 and of src1 into c_1, both reads in flight before one barrier.
// Buffers are interleaved in 4096-byte pages whatever the tile size, so tile
// t of a buffer is at byte t * tile size: page and offset within it.
#include <cstdint>

#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t kTiles = 16, kBufferPage = 4096;

void kernel_main() {
  Noc noc;
  CircularBuffer cb_a(tt::CBIndex::c_0), cb_b(tt::CBIndex::c_1);
  constexpr auto a_args = TensorAccessorArgs<0>();
  constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
  const auto a = TensorAccessor(a_args, get_arg_val<uint32_t>(0), kBufferPage);
  const auto b = TensorAccessor(b_args, get_arg_val<uint32_t>(1), kBufferPage);
  const uint32_t a_bytes = cb_a.get_tile_size(), b_bytes = cb_b.get_tile_size();
  for (uint32_t t = 0; t < kTiles; ++t) {
    cb_a.reserve_back(1);
    cb_b.reserve_back(1);
    noc.async_read(a, cb_a, a_bytes, {.page_id = t * a_bytes / kBufferPage, .offset_bytes = t * a_bytes % kBufferPage},
                   {.offset_bytes = 0});
    noc.async_read(b, cb_b, b_bytes, {.page_id = t * b_bytes / kBufferPage, .offset_bytes = t * b_bytes % kBufferPage},
                   {.offset_bytes = 0});
    noc.async_read_barrier();
    cb_a.push_back(1);
    cb_b.push_back(1);
  }
}
