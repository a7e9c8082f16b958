// What the fabric test kernels share: their first runtime args (the input
// and gathered buffers, this chip's place, how many chips, the block size
// and the arrival flag, a word of an L1 buffer on this core) and this chip's
// input block read into the CB's page.
#pragma once

#include <cstddef>
#include <cstdint>

struct BlockArgs {
  uint32_t in_addr, out_addr, me, chips, block, flag;
};

inline BlockArgs block_args(size_t& i) {
  BlockArgs a{};
  a.in_addr = get_arg_val<uint32_t>(i++);
  a.out_addr = get_arg_val<uint32_t>(i++);
  a.me = get_arg_val<uint32_t>(i++);
  a.chips = get_arg_val<uint32_t>(i++);
  a.block = get_arg_val<uint32_t>(i++);
  a.flag = get_arg_val<uint32_t>(i++);
  return a;
}

// Page 0 of `in` into the CB's page; its L1 address.
template <typename Accessor>
uint32_t read_own_block(const Accessor& in) {
  const uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  noc_async_read_page(0, in, l1);
  noc_async_read_barrier();
  return l1;
}
