// cb_c's tiles to tiles [start, start + n) of the buffer at common arg 0.
#include <cstdint>

void kernel_main() {
  constexpr uint32_t cb_c = get_named_compile_time_arg_val("cb_c");
  const uint32_t c_addr = get_common_arg_val<uint32_t>(0);
  const uint32_t start = get_arg_val<uint32_t>(0);
  const uint32_t n = get_arg_val<uint32_t>(1);
  constexpr auto c_args = TensorAccessorArgs<0>();
  const auto c = TensorAccessor(c_args, c_addr, get_tile_size(cb_c));
  for (uint32_t i = start; i < start + n; ++i) {
    cb_wait_front(cb_c, 1);
    noc_async_write_tile(i, c, get_read_ptr(cb_c));
    noc_async_write_barrier();
    cb_pop_front(cb_c, 1);
  }
}
