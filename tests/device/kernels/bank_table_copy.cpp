// l1_copy.cpp's copy with every NOC address made by hand from the firmware's
// bank tables, the way ttnn's sharded address generator does: bank XY shifted
// by NOC_ADDR_COORD_SHIFT, plus the bank's offset. No address generator.
// Per-core args: src, l1 buffer, dst, start, count, page size, DRAM banks,
// L1 banks, DRAM-aligned page, L1-aligned page.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

uint64_t page_addr(bool dram, uint32_t base, uint32_t page, uint32_t banks, uint32_t stride) {
  const uint32_t bank = page % banks;
  const uint32_t xy = dram ? dram_bank_to_noc_xy[noc_index][bank] : l1_bank_to_noc_xy[noc_index][bank];
  const int32_t offset = dram ? bank_to_dram_offset[bank] : bank_to_l1_offset[bank];
  return (uint64_t(xy) << NOC_ADDR_COORD_SHIFT) | uint32_t(base + (page / banks) * stride + offset);
}

void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t mid = get_arg_val<uint32_t>(1);
  const uint32_t dst = get_arg_val<uint32_t>(2);
  const uint32_t start = get_arg_val<uint32_t>(3);
  const uint32_t count = get_arg_val<uint32_t>(4);
  const uint32_t page = get_arg_val<uint32_t>(5);
  const uint32_t dram_banks = get_arg_val<uint32_t>(6);
  const uint32_t l1_banks = get_arg_val<uint32_t>(7);
  const uint32_t dram_stride = get_arg_val<uint32_t>(8);
  const uint32_t l1_stride = get_arg_val<uint32_t>(9);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  cb_reserve_back(cb, 1);
  const uint32_t l1 = get_write_ptr(cb);
  for (uint32_t p = start; p < start + count; ++p) {
    noc_async_read(page_addr(true, src, p, dram_banks, dram_stride), l1, page);
    noc_async_read_barrier();
    noc_async_write(l1, page_addr(false, mid, p, l1_banks, l1_stride), page);
    noc_async_write_barrier();
  }
  for (uint32_t p = start; p < start + count; ++p) {
    noc_async_read(page_addr(false, mid, p, l1_banks, l1_stride), l1, page);
    noc_async_read_barrier();
    noc_async_write(l1, page_addr(true, dst, p, dram_banks, dram_stride), page);
    noc_async_write_barrier();
  }
  cb_push_back(cb, 1);
}
