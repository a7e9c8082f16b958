// Copies every page of a sharded L1 buffer to the same page of an
// interleaved DRAM buffer, visiting them through the page iterators: mode 0
// walks each shard with shard_pages(), mode 1 the whole tensor with pages(),
// mode 2 each shard with += 2 from its first page: the pages at even places
// in their shard, as a step that lands outside the tensor steps on by 2.
#include <cstdint>

#include "api/core_local_mem.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const uint32_t dst_addr = get_arg_val<uint32_t>(1);
  const uint32_t n_shards = get_arg_val<uint32_t>(2);
  const uint32_t scratch = get_arg_val<uint32_t>(3);
  const uint32_t mode = get_arg_val<uint32_t>(4);
  constexpr auto src_args = TensorAccessorArgs<0>();
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
  const auto src = TensorAccessor(src_args, src_addr, src_args.get_aligned_page_size());
  const auto dst = TensorAccessor(dst_args, dst_addr, dst_args.get_aligned_page_size());
  Noc noc;
  auto copy = [&](const tensor_accessor::Page& page) {
    noc.async_read(page, CoreLocalMem<uint32_t>(scratch), src.get_aligned_page_size(), {}, {});
    noc.async_read_barrier();
    noc_async_write_page(page.page_id(), dst, scratch);
    noc_async_write_barrier();
  };
  if (mode == 1) {
    for (const tensor_accessor::Page& page : src.pages()) copy(page);
    return;
  }
  for (uint32_t shard = 0; shard < n_shards; ++shard) {
    const auto pages = src.shard_pages(shard);
    if (mode == 0) {
      for (const tensor_accessor::Page& page : pages) copy(page);
      continue;
    }
    for (auto it = pages.begin(); it != pages.end(); it += 2) copy(*it);
  }
}
