// In the shape of ttnn's matmul in0 receiver: for each of `count` batches it
// tells the three TRISCs by mailbox whether the batch is valid (every third
// is not), and sends tiles of valid batches only, through c_0.
// Per-core args: src, start, count.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "ckernel.h"
#include "ckernel_defs.h"

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t start = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  const uint32_t page = get_tile_size(cb);
  const InterleavedAddrGen<true> src = {.bank_base_address = src_addr, .page_size = page};
  for (uint32_t t = start; t < start + count; ++t) {
    const uint32_t valid = t % 3 != 1 ? t + 1 : 0;  // nonzero: which tile follows
    ckernel::mailbox_write(ckernel::ThreadId::UnpackThreadId, valid);
    ckernel::mailbox_write(ckernel::ThreadId::MathThreadId, valid);
    ckernel::mailbox_write(ckernel::ThreadId::PackThreadId, valid);
    if (valid == 0) continue;
    cb_reserve_back(cb, 1);
    noc_async_read(src.get_noc_addr(t), get_write_ptr(cb), page);
    noc_async_read_barrier();
    cb_push_back(cb, 1);
  }
}
