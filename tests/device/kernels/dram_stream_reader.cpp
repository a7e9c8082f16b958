// DRAM read bandwidth (timing-model check, after tt-metal's Blackhole DRAM
// benchmark): this core streams `count` pages of its own bank (pages bank,
// bank + banks, ...) into one L1 scratch page, waiting for each read
// (wait_each 1) or only for all of them at the end (0).
// Per-core args: src, bank, banks, count, page bytes. Compile-time arg: wait_each.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr bool wait_each = get_compile_time_arg_val(0) != 0;
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t page = get_arg_val<uint32_t>(4);
  const InterleavedAddrGen<true> src = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = page};
  const uint32_t bank = get_arg_val<uint32_t>(1), banks = get_arg_val<uint32_t>(2), count = get_arg_val<uint32_t>(3);
  cb_reserve_back(cb, 1);
  for (uint32_t i = 0; i < count; ++i) {
    noc_async_read(src.get_noc_addr(bank + i * banks), get_write_ptr(cb), page);
    if (wait_each) noc_async_read_barrier();
  }
  noc_async_read_barrier();
  cb_push_back(cb, 1);
}
