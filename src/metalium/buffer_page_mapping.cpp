// BufferPageMapping: runs of consecutive pages built from the per-page form,
// and walks over them.
#include <tt-metalium/buffer_page_mapping.hpp>

#include <algorithm>

namespace tt::tt_metal {

namespace {
constexpr uint32_t kPadding = UncompressedBufferPageMapping::PADDING;
}  // namespace

BufferPageMapping::BufferPageMapping(const UncompressedBufferPageMapping& page_mapping)
    : all_cores(page_mapping.all_cores) {
  core_page_mappings.resize(all_cores.size());
  for (uint32_t id = 0; id < all_cores.size(); ++id) {
    core_to_core_id.emplace(all_cores[id], id);
    if (id >= page_mapping.core_host_page_indices.size()) continue;
    const std::vector<uint32_t>& pages = page_mapping.core_host_page_indices[id];
    // One run per core, from its first to its last mapped device page.
    auto first = std::find_if(pages.begin(), pages.end(), [](uint32_t p) { return p != kPadding; });
    if (first == pages.end()) continue;
    auto last = std::find_if(pages.rbegin(), pages.rend(), [](uint32_t p) { return p != kPadding; }).base();
    BufferCorePageMapping run;
    run.device_start_page = static_cast<uint32_t>(first - pages.begin());
    run.num_pages = static_cast<uint32_t>(last - first);
    for (uint32_t off = 0; off < run.num_pages; ++off) {
      const uint32_t host = pages[run.device_start_page + off];
      if (host == kPadding) continue;
      auto& ranges = run.host_ranges;
      if (!ranges.empty() && ranges.back().device_page_offset + ranges.back().num_pages == off &&
          ranges.back().host_page_start + ranges.back().num_pages == host) {
        ++ranges.back().num_pages;
      } else {
        ranges.push_back({off, host, 1});
      }
    }
    core_page_mappings[id].push_back(std::move(run));
  }
}

BufferPageMapping BufferPageMapping::filter_by_host_range(uint32_t start_host_page, uint32_t end_host_page) const {
  UncompressedBufferPageMapping kept;
  kept.all_cores = all_cores;
  kept.core_host_page_indices.resize(all_cores.size());
  for (const auto page : *this) {
    if (page.host_page < start_host_page || page.host_page >= end_host_page) continue;
    auto& pages = kept.core_host_page_indices[page.core_id];
    if (pages.size() <= page.device_page) pages.resize(page.device_page + 1, kPadding);
    pages[page.device_page] = page.host_page - start_host_page;
  }
  return BufferPageMapping(kept);
}

// ---- BufferCorePageMapping::Iterator ----------------------------------------------------

BufferCorePageMapping::Iterator& BufferCorePageMapping::Iterator::operator++() {
  ++device_page_offset_;
  const auto& ranges = mapping_->host_ranges;
  if (range_index_ < ranges.size() &&
      device_page_offset_ >= ranges[range_index_].device_page_offset + ranges[range_index_].num_pages) {
    ++range_index_;
  }
  return *this;
}

BufferCorePageMapping::Iterator::value_type BufferCorePageMapping::Iterator::operator*() const {
  const auto& ranges = mapping_->host_ranges;
  if (range_index_ >= ranges.size() || device_page_offset_ < ranges[range_index_].device_page_offset) {
    return std::nullopt;
  }
  return ranges[range_index_].host_page_start + (device_page_offset_ - ranges[range_index_].device_page_offset);
}

BufferCorePageMapping::Iterator::Range BufferCorePageMapping::Iterator::next_range(uint32_t end_device_page_offset) {
  const auto& ranges = mapping_->host_ranges;
  Range r{device_page_offset_, kPadding, 0};
  if (range_index_ < ranges.size() && device_page_offset_ >= ranges[range_index_].device_page_offset) {
    const auto& h = ranges[range_index_];
    const uint32_t stop = std::min(h.device_page_offset + h.num_pages, end_device_page_offset);
    r.host_page_start = h.host_page_start + (device_page_offset_ - h.device_page_offset);
    r.num_pages = stop - device_page_offset_;
  } else {
    const uint32_t next = range_index_ < ranges.size() ? ranges[range_index_].device_page_offset : mapping_->num_pages;
    r.num_pages = std::min(next, end_device_page_offset) - device_page_offset_;
  }
  device_page_offset_ += r.num_pages;
  if (range_index_ < ranges.size() &&
      device_page_offset_ >= ranges[range_index_].device_page_offset + ranges[range_index_].num_pages) {
    ++range_index_;
  }
  return r;
}

// ---- BufferPageMapping::Iterator ---------------------------------------------------------

void BufferPageMapping::Iterator::settle() {
  const auto& cores = page_mapping_->core_page_mappings;
  while (core_id_ < cores.size()) {
    const auto& runs = cores[core_id_];
    if (page_mapping_index_ < runs.size()) {
      const auto& ranges = runs[page_mapping_index_].host_ranges;
      if (host_range_index_ < ranges.size()) {
        if (host_page_index_ < ranges[host_range_index_].num_pages) return;
        ++host_range_index_;
        host_page_index_ = 0;
        continue;
      }
      ++page_mapping_index_;
    } else {
      ++core_id_;
      page_mapping_index_ = 0;
    }
    host_range_index_ = 0;
    host_page_index_ = 0;
  }
  // The end: core_id_ past the last core, the rest 0.
  page_mapping_index_ = host_range_index_ = host_page_index_ = 0;
}

BufferPageMapping::Iterator& BufferPageMapping::Iterator::operator++() {
  ++host_page_index_;
  settle();
  return *this;
}

BufferPageMapping::Iterator::value_type BufferPageMapping::Iterator::operator*() const {
  const auto& run = page_mapping_->core_page_mappings[core_id_][page_mapping_index_];
  const auto& range = run.host_ranges[host_range_index_];
  return {core_id_, run.device_start_page + range.device_page_offset + host_page_index_,
          range.host_page_start + host_page_index_};
}

BufferPageMapping::Iterator BufferPageMapping::begin() const {
  Iterator it(this, 0, 0, 0, 0);
  it.settle();
  return it;
}

BufferPageMapping::Iterator BufferPageMapping::end() const {
  return Iterator(this, static_cast<uint32_t>(core_page_mappings.size()), 0, 0, 0);
}

}  // namespace tt::tt_metal
