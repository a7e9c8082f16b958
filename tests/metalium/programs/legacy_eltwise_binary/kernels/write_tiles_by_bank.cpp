// Writes CB 16's tiles to tiles [0, n) of the output buffer through an
// interleaved address generator built from runtime args.
#include <cstdint>

void kernel_main() {
  const uint32_t c_addr = get_arg_val<uint32_t>(0);
  const uint32_t n_tiles = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_c = tt::CBIndex::c_16;
  const InterleavedAddrGenFast<true> c = {
      .bank_base_address = c_addr, .page_size = get_tile_size(cb_c), .data_format = get_dataformat(cb_c)};
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_wait_front(cb_c, 1);
    noc_async_write_tile(i, c, get_read_ptr(cb_c));
    noc_async_write_barrier();
    cb_pop_front(cb_c, 1);
  }
}
