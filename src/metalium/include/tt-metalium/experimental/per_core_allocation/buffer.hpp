// Sharded L1 buffers whose cores each hold their shard at an address of
// their own (tt-metal's experimental per-core allocation). A device opened
// with TT_METAL_ALLOCATOR_MODE_HYBRID=1 set places them.
#pragma once

#include <unordered_map>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>

namespace tt::tt_metal::experimental::per_core_allocation {

bool is_per_core_allocation(const Buffer& buffer);
// The L1 address of `core`'s shard; throws for a core outside the buffer.
DeviceAddr get_per_core_address(const Buffer& buffer, CoreCoord core);
const std::unordered_map<CoreCoord, DeviceAddr>& get_per_core_addresses(const Buffer& buffer);
// Makes `dst` report `src`'s addresses (both per-core buffers).
void copy_per_core_addresses(Buffer& dst, const Buffer& src);

// Asks Buffer::create for per-core placement.
BufferShardingArgs& set_per_core_allocation(BufferShardingArgs& args, bool enable);
bool is_per_core_allocation(const BufferShardingArgs& args);

}  // namespace tt::tt_metal::experimental::per_core_allocation
