// Copies num_tiles pages from one DRAM buffer to another through an L1 buffer.
#include <cstdint>

void kernel_main() {
  const uint32_t l1_addr = get_arg_val<uint32_t>(0);
  const uint32_t src_addr = get_arg_val<uint32_t>(1);
  const uint32_t dst_addr = get_arg_val<uint32_t>(2);
  const uint32_t num_tiles = get_arg_val<uint32_t>(3);

  constexpr auto src_args = TensorAccessorArgs<0>();
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
  const uint32_t page_bytes = src_args.get_aligned_page_size();
  const auto src = TensorAccessor(src_args, src_addr, page_bytes);
  const auto dst = TensorAccessor(dst_args, dst_addr, page_bytes);

  for (uint32_t i = 0; i < num_tiles; ++i) {
    noc_async_read_tile(i, src, l1_addr);
    noc_async_read_barrier();
    noc_async_write_tile(i, dst, l1_addr);
    noc_async_write_barrier();
  }
}
