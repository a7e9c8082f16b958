// Writes of a sharded buffer's pages on a subset of its cores.
#include <tt-metalium/experimental/core_subset_write/buffer_write.hpp>

#include <cstddef>
#include <span>

#include <tt_stl/assert.hpp>

#include "metalium/page_runs.h"

namespace tt::tt_metal::experimental::core_subset_write {

void WriteToBuffer(Buffer& buffer, tt::stl::Span<const uint8_t> host_buffer, const CoreRangeSet& logical_core_filter) {
  TT_FATAL(buffer.buffer_type() == BufferType::DRAM || buffer.buffer_type() == BufferType::L1 ||
               buffer.buffer_type() == BufferType::L1_SMALL,
           "core_subset_write::WriteToBuffer writes DRAM and L1 buffers only");
  TT_FATAL(host_buffer.size() <= buffer.size(), "Bounds-Error -- Attempting to write {} bytes to a {} byte buffer",
           host_buffer.size(), buffer.size());
  if (!is_sharded(buffer.buffer_layout())) {
    TT_FATAL(logical_core_filter.empty(),
             "A core filter applies to sharded buffers only: an interleaved buffer takes only an empty one");
    return;
  }
  if (logical_core_filter.empty()) return;
  const std::span<std::byte> bytes(const_cast<std::byte*>(reinterpret_cast<const std::byte*>(host_buffer.data())),
                                   host_buffer.size());
  tt_metal::detail::transfer_mapped(buffer, 0, bytes, true, &logical_core_filter);
}

}  // namespace tt::tt_metal::experimental::core_subset_write
