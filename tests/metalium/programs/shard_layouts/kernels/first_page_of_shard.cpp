// Writes the first page of this core's shard (at the buffer's address in its
// L1) to page `out_page` of a DRAM buffer.
#include <cstdint>

void kernel_main() {
  const uint32_t shard_addr = get_arg_val<uint32_t>(0);
  const uint32_t out_addr = get_arg_val<uint32_t>(1);
  const uint32_t out_page = get_arg_val<uint32_t>(2);
  constexpr uint32_t page_bytes = get_compile_time_arg_val(2);
  constexpr auto out_args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(out_args, out_addr, page_bytes);
  noc_async_write_page(out_page, out, shard_addr);
  noc_async_write_barrier();
}
