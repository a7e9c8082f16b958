// Tiles [start, start + n) of a and b into the CBs named cb_a and cb_b;
// buffer addresses come as common runtime args.
#include <cstdint>

void kernel_main() {
  constexpr uint32_t cb_a = get_named_compile_time_arg_val("cb_a");
  constexpr uint32_t cb_b = get_named_compile_time_arg_val("cb_b");
  const uint32_t a_addr = get_common_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_common_arg_val<uint32_t>(1);
  const uint32_t start = get_arg_val<uint32_t>(0);
  const uint32_t n = get_arg_val<uint32_t>(1);
  constexpr auto a_args = TensorAccessorArgs<0>();
  constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
  const auto a = TensorAccessor(a_args, a_addr, get_tile_size(cb_a));
  const auto b = TensorAccessor(b_args, b_addr, get_tile_size(cb_b));
  for (uint32_t i = start; i < start + n; ++i) {
    cb_reserve_back(cb_a, 1);
    cb_reserve_back(cb_b, 1);
    noc_async_read_tile(i, a, get_write_ptr(cb_a));
    noc_async_read_tile(i, b, get_write_ptr(cb_b));
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
