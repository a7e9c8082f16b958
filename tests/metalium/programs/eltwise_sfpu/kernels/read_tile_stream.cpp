// Reads tiles [0, n) of one buffer into CB 0.
#include <cstdint>

void kernel_main() {
  const uint32_t in_addr = get_arg_val<uint32_t>(0);
  const uint32_t n_tiles = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_in = tt::CBIndex::c_0;
  constexpr auto in_args = TensorAccessorArgs<0>();
  const auto in = TensorAccessor(in_args, in_addr, get_tile_size(cb_in));
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_reserve_back(cb_in, 1);
    noc_async_read_tile(i, in, get_write_ptr(cb_in));
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
