// Copies every page of a sharded L1 buffer, addressed through its
// TensorAccessor, to the same page of an interleaved DRAM buffer.
#include <cstdint>

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t dst_addr = get_arg_val<uint32_t>(1);
  const uint32_t n_pages = get_arg_val<uint32_t>(2);
  const uint32_t scratch = get_arg_val<uint32_t>(3);
  constexpr auto src_args = TensorAccessorArgs<0>();
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
  static_assert(src_args.is_sharded && !dst_args.is_sharded, "a sharded source and an interleaved destination");
  const auto src = TensorAccessor(src_args, src_addr, src_args.get_aligned_page_size());
  const auto dst = TensorAccessor(dst_args, dst_addr, dst_args.get_aligned_page_size());
  for (uint32_t i = 0; i < n_pages; ++i) {
    noc_async_read_page(i, src, scratch);
    noc_async_read_barrier();
    noc_async_write_page(i, dst, scratch);
    noc_async_write_barrier();
  }
}
