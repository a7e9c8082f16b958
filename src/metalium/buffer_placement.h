// Where a Buffer's pages go on the device: the spec the device places, and
// for sharded buffers, which host page each core's device pages hold.
#pragma once

#include <cstdint>
#include <vector>

#include <tt-metalium/buffer.hpp>

#include "program/program.h"

namespace tt::tt_metal::detail {

struct Placement {
  zyxtt::program::BufferSpec spec;
  // Nonzero: the device holds `pages_per_core` device pages on each core in
  // turn (a flat run), and host transfers go through the page mapping. So
  // are N-d sharded buffers placed, and legacy ones whose shard spec the
  // device's own page layout cannot take (pages the shards do not cover, or
  // more shards than cores: tt-metal keeps what fits).
  uint64_t pages_per_core = 0;
};

Placement buffer_placement(DeviceAddr size, DeviceAddr page_size, BufferType type, const BufferShardingArgs& sharding);

// `base` (memory, page size) as a flat run of `per_core` pages on each of `cores`, in order.
zyxtt::program::BufferSpec flat_spec(zyxtt::program::BufferSpec base, const std::vector<CoreCoord>& cores,
                                     uint32_t per_core);

// tt-metal's mapping of a ShardSpecBuffer: height-sharded pages in runs of a
// shard's page count, core after core; width- and block-sharded ones in
// shard rectangles, row of shards after row of shards; as many shards as
// the grid has cores, tensor pages past them on no core.
UncompressedBufferPageMapping legacy_page_mapping(const ShardSpecBuffer& spec, TensorMemoryLayout layout);

}  // namespace tt::tt_metal::detail
