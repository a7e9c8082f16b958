// Two-input reader: TensorAccessor built from TensorAccessorArgs<0> and <2>
// (the compile-time args the runtime passes per buffer), pages read with
// noc_async_read_page.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

constexpr uint32_t kTilesPerCore = 7;
constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t row = get_arg_val<uint32_t>(2);
  const uint32_t col = get_arg_val<uint32_t>(3);

  constexpr auto a_args = TensorAccessorArgs<0>();
  constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
  static_assert(a_args.is_dram && b_args.is_dram, "zyx buffers live in DRAM");
  const auto a = TensorAccessor(a_args, a_addr, a_args.get_aligned_page_size());
  const auto b = TensorAccessor(b_args, b_addr, b_args.get_aligned_page_size());

  constexpr uint32_t cb_a = tt::CBIndex::c_0;
  constexpr uint32_t cb_b = tt::CBIndex::c_1;
  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_reserve_back(cb_a, 1);
    cb_reserve_back(cb_b, 1);
    noc_async_read_page(t, a, get_write_ptr(cb_a));
    noc_async_read_page(t, b, get_write_ptr(cb_b));
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
