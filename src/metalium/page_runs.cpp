// Host transfers that follow a sharded buffer's page mapping core by core.
#include "metalium/page_runs.h"

#include <algorithm>

#include "metalium/backend.h"

namespace tt::tt_metal::detail {

void for_each_core_run(const BufferPageMapping& mapping, uint64_t page_size, uint64_t begin, uint64_t end,
                       const std::function<void(uint32_t, uint64_t, uint64_t, uint64_t)>& fn) {
  for (uint32_t core = 0; core < mapping.core_page_mappings.size(); ++core) {
    for (const BufferCorePageMapping& run : mapping.core_page_mappings[core]) {
      for (const auto& h : run.host_ranges) {
        const uint64_t host_from = uint64_t{h.host_page_start} * page_size;
        const uint64_t from = std::max(begin, host_from);
        const uint64_t to = std::min(end, host_from + uint64_t{h.num_pages} * page_size);
        if (from >= to) continue;
        const uint64_t device_from = uint64_t{run.device_start_page + h.device_page_offset} * page_size;
        fn(core, device_from + (from - host_from), from, to - from);
      }
    }
  }
}

bool transfers_by_mapping(const Buffer& buffer) {
  const BufferBacking& b = buffer.backing();
  return !b.per_core.empty() || b.pages_per_core != 0;
}

void transfer_mapped(Buffer& buffer, uint64_t offset, std::span<std::byte> bytes, bool write,
                     const CoreRangeSet* filter) {
  const BufferBacking& b = buffer.backing();
  const BufferPageMapping& mapping = *buffer.get_buffer_page_mapping();
  const uint64_t page_size = buffer.page_size();
  for_each_core_run(mapping, page_size, offset, offset + bytes.size(),
                    [&](uint32_t core, uint64_t core_offset, uint64_t host_offset, uint64_t length) {
                      if (filter && !filter->contains(mapping.all_cores[core])) return;
                      const auto part = bytes.subspan(host_offset - offset, length);
                      // A per-core buffer's core has a placement of its own; a flat
                      // one's device view holds the cores' pages in turn; any other's
                      // device view is the host's.
                      const zyxtt::program::PlacedBuffer& where = b.per_core.empty() ? b.placed : b.per_core.at(core);
                      const uint64_t at = !b.per_core.empty() ? core_offset
                                          : b.pages_per_core ? core * b.pages_per_core * page_size + core_offset
                                                             : host_offset;
                      if (write) {
                        b.device->write(where, at, part);
                      } else {
                        b.device->read(where, at, part);
                      }
                    });
}

}  // namespace tt::tt_metal::detail
