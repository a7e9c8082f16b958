// Reads tile i of buffers a and b into CBs 0 and 1 the way kernels did before
// TensorAccessor: interleaved address generators from runtime args only.
#include <cstdint>

void kernel_main() {
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t n_tiles = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_a = tt::CBIndex::c_0;
  constexpr uint32_t cb_b = tt::CBIndex::c_1;
  const InterleavedAddrGenFast<true> a = {
      .bank_base_address = a_addr, .page_size = get_tile_size(cb_a), .data_format = get_dataformat(cb_a)};
  const InterleavedAddrGenFast<true> b = {
      .bank_base_address = b_addr, .page_size = get_tile_size(cb_b), .data_format = get_dataformat(cb_b)};
  for (uint32_t i = 0; i < n_tiles; ++i) {
    cb_reserve_back(cb_a, 1);
    cb_reserve_back(cb_b, 1);
    noc_async_read_tile(i, a, get_write_ptr(cb_a));
    noc_async_read_tile(i, b, get_write_ptr(cb_b));
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
