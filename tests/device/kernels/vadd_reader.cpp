// Reads tiles_per_core tiles of a and b, from tile `start` on, into the CBs
// named by compile-time args.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t cb_a = get_named_compile_time_arg_val("cb_a");
  constexpr uint32_t cb_b = get_named_compile_time_arg_val("cb_b");
  constexpr uint32_t tiles = get_named_compile_time_arg_val("tiles_per_core");
  const uint32_t a_addr = get_arg_val<uint32_t>(0);
  const uint32_t b_addr = get_arg_val<uint32_t>(1);
  const uint32_t start = get_arg_val<uint32_t>(2);
  const uint32_t page = get_tile_size(cb_a);
  const InterleavedAddrGen<true> a = {.bank_base_address = a_addr, .page_size = page};
  const InterleavedAddrGen<true> b = {.bank_base_address = b_addr, .page_size = page};
  for (uint32_t t = start; t < start + tiles; ++t) {
    cb_reserve_back(cb_a, 1);
    cb_reserve_back(cb_b, 1);
    noc_async_read(a.get_noc_addr(t), get_write_ptr(cb_a), page);
    noc_async_read(b.get_noc_addr(t), get_write_ptr(cb_b), page);
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
