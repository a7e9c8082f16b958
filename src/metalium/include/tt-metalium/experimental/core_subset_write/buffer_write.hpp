// Writing a sharded buffer's pages on some of its cores only.
#pragma once

#include <cstdint>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::experimental::core_subset_write {

// Writes the pages of `host_buffer` (at most buffer.size() bytes, from the
// buffer's start) that live on a core of `logical_core_filter`; the others
// keep what they held. An empty filter writes nothing (interleaved buffers
// take only an empty one).
void WriteToBuffer(Buffer& buffer, tt::stl::Span<const uint8_t> host_buffer, const CoreRangeSet& logical_core_filter);

}  // namespace tt::tt_metal::experimental::core_subset_write
