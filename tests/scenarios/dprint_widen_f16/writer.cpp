// Writes the Float32 tiles one page each and reports with DPRINT (legacy
// include path).
#include <cstdint>

#include "dataflow_api.h"
#include "debug/dprint.h"

constexpr uint32_t kTilesPerCore = 4;
constexpr uint32_t kGridCols = 12;

void kernel_main() {
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  const uint32_t row = get_arg_val<uint32_t>(1);
  const uint32_t col = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> dst = {.bank_base_address = dst_addr, .page_size = 4096};
  constexpr uint32_t cb_out = tt::CBIndex::c_16;

  const uint32_t first = (row * kGridCols + col) * kTilesPerCore;
  for (uint32_t t = first; t < first + kTilesPerCore; ++t) {
    cb_wait_front(cb_out, 1);
    noc_async_write_tile(t, dst, get_read_ptr(cb_out));
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
  DPRINT << "writer wrote " << kTilesPerCore << " tiles from core " << row << "," << col << ENDL();
}
