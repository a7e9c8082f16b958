// Writes CB 16's tiles to tiles [start, start + n) of the output buffer.
#include <cstdint>

void kernel_main() {
  const uint32_t c_addr = get_arg_val<uint32_t>(0);
  const uint32_t n_tiles = get_arg_val<uint32_t>(1);
  const uint32_t start = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_c = tt::CBIndex::c_16;
  constexpr auto c_args = TensorAccessorArgs<0>();
  const auto c = TensorAccessor(c_args, c_addr, get_tile_size(cb_c));
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_wait_front(cb_c, 1);
    noc_async_write_tile(start + i, c, get_read_ptr(cb_c));
    noc_async_write_barrier();
    cb_pop_front(cb_c, 1);
  }
}
