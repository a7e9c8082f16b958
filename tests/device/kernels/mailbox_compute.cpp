// Reads each batch's word from BRISC's mailbox on every TRISC, as ttnn's
// matmul compute does; a batch whose three words all name it (first + b + 1)
// becomes -x in c_16. Per-core args: batches, first batch.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/negative.h"
#include "ckernel.h"

void kernel_main() {
  const uint32_t batches = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
  unary_op_init_common(cb_in, cb_out);
  for (uint32_t b = 0; b < batches; ++b) {
    uint32_t unpack_word = 0, math_word = 0, pack_word = 0;
    UNPACK(unpack_word = mailbox_read(ckernel::ThreadId::BriscThreadId);)
    MATH(math_word = mailbox_read(ckernel::ThreadId::BriscThreadId);)
    PACK(pack_word = mailbox_read(ckernel::ThreadId::BriscThreadId);)
    const uint32_t expected = first + b + 1;
    if (unpack_word != expected || math_word != expected || pack_word != expected) continue;
    cb_wait_front(cb_in, 1);
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, 0);
    negative_tile_init();
    negative_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
  }
}
