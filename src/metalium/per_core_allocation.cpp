// Buffers whose cores hold their shards at addresses of their own (placed in
// buffers.cpp; host transfers in page_runs.cpp).
#include <tt-metalium/experimental/per_core_allocation/buffer.hpp>

#include <tt_stl/assert.hpp>


namespace tt::tt_metal::experimental::per_core_allocation {

bool is_per_core_allocation(const Buffer& buffer) { return buffer.per_core_allocation_; }

DeviceAddr get_per_core_address(const Buffer& buffer, CoreCoord core) {
  TT_FATAL(buffer.per_core_allocation_, "get_per_core_address() of buffer {}: it was not allocated per core",
           buffer.unique_id());
  auto it = buffer.per_core_addresses_.find(core);
  TT_FATAL(it != buffer.per_core_addresses_.end(), "Buffer {} has no address on core ({}, {}): it is not in its grid",
           buffer.unique_id(), core.x, core.y);
  return it->second;
}

const std::unordered_map<CoreCoord, DeviceAddr>& get_per_core_addresses(const Buffer& buffer) {
  return buffer.per_core_addresses_;
}

void copy_per_core_addresses(Buffer& dst, const Buffer& src) {
  TT_FATAL(dst.per_core_allocation_ && src.per_core_allocation_,
           "copy_per_core_addresses needs two buffers allocated per core");
  dst.per_core_addresses_ = src.per_core_addresses_;
}

BufferShardingArgs& set_per_core_allocation(BufferShardingArgs& args, bool enable) {
  args.per_core_allocation_ = enable;
  return args;
}

bool is_per_core_allocation(const BufferShardingArgs& args) { return args.per_core_allocation_; }

}  // namespace tt::tt_metal::experimental::per_core_allocation
