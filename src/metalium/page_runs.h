// Host transfers that follow a sharded buffer's page mapping core by core:
// the core-subset write, N-d sharded buffers and per-core buffers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>

namespace tt::tt_metal::detail {

// Calls fn(core_id, core_offset, host_offset, length) for each stretch of the
// host view's bytes [begin, end) that lies contiguous on one core; offsets
// count pages of `page_size` bytes (a core's offset: its device pages).
void for_each_core_run(const BufferPageMapping& mapping, uint64_t page_size, uint64_t begin, uint64_t end,
                       const std::function<void(uint32_t, uint64_t, uint64_t, uint64_t)>& fn);

// Whether host transfers of the buffer go page by page through its mapping:
// per-core buffers and those placed flat (buffer_placement.h).
bool transfers_by_mapping(const Buffer& buffer);

// Writes (or reads) the host view's bytes [offset, offset + size) of a
// sharded buffer page run by page run, each where its core holds it; with a
// filter, only the runs on its cores.
void transfer_mapped(Buffer& buffer, uint64_t offset, std::span<std::byte> bytes, bool write,
                     const CoreRangeSet* filter = nullptr);

}  // namespace tt::tt_metal::detail
