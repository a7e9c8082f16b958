// Rows [start, start + n) of a row-major matrix: each source row (one page
// of in_bytes) is copied into CB 0 and extended with the pad value to one
// destination page of out_bytes.
#include <cstdint>

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t dst_addr = get_arg_val<uint32_t>(1);
  const uint32_t start = get_arg_val<uint32_t>(2);
  const uint32_t n = get_arg_val<uint32_t>(3);
  const uint32_t pad_bits = get_arg_val<uint32_t>(4);
  constexpr uint32_t in_bytes = get_compile_time_arg_val(4);
  constexpr uint32_t out_bytes = get_compile_time_arg_val(5);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  constexpr auto src_args = TensorAccessorArgs<0>();
  constexpr auto dst_args = TensorAccessorArgs<2>();
  const auto src = TensorAccessor(src_args, src_addr, in_bytes);
  const auto dst = TensorAccessor(dst_args, dst_addr, out_bytes);
  for (uint32_t row = start; row < start + n; ++row) {
    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    noc_async_read_page(row, src, l1);
    noc_async_read_barrier();
    volatile uint16_t* stick = reinterpret_cast<volatile uint16_t*>(l1);
    for (uint32_t i = in_bytes / 2; i < out_bytes / 2; ++i) stick[i] = static_cast<uint16_t>(pad_bits);
    noc_async_write_page(row, dst, l1);
    noc_async_write_barrier();
    cb_push_back(cb, 1);
    cb_wait_front(cb, 1);
    cb_pop_front(cb, 1);
  }
}
